import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { variableRowToWire } from '../../../common/variables/wire-value';
import { formatDate } from '../../../engine/util/camunda-date';
import { HistoricVariableInstanceEntity } from '../../../persistence/entities/history/historic-variable-instance.entity';

/** Camunda's HistoricVariableInstanceDto. */
export class HistoricVariableInstanceDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() type: string;
  @ApiPropertyOptional() value: unknown;
  @ApiProperty({ type: 'object', additionalProperties: true }) valueInfo: Record<string, unknown>;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) activityInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseExecutionId: string | null;
  @ApiPropertyOptional({ nullable: true }) taskId: string | null;
  @ApiPropertyOptional({ nullable: true }) errorMessage: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiProperty({ enum: ['CREATED', 'DELETED'] }) state: string | null;
  @ApiPropertyOptional({ nullable: true }) createTime: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
}

export function toHistoricVariableInstanceDto(
  v: HistoricVariableInstanceEntity,
  deserialize: boolean,
): HistoricVariableInstanceDto {
  const wire = variableRowToWire(v, { deserialize, fetchBinary: true });
  return {
    id: v.id,
    name: v.name,
    type: wire.type,
    value: wire.value,
    valueInfo: wire.valueInfo,
    processDefinitionKey: v.processDefinitionKey,
    processDefinitionId: v.processDefinitionId,
    processInstanceId: v.processInstanceId,
    executionId: v.executionId,
    activityInstanceId: v.activityInstanceId,
    caseDefinitionKey: null,
    caseDefinitionId: null,
    caseInstanceId: null,
    caseExecutionId: null,
    taskId: v.taskId,
    errorMessage: null,
    tenantId: v.tenantId,
    state: v.state,
    createTime: formatDate(v.createTime),
    removalTime: formatDate(v.removalTime),
    rootProcessInstanceId: v.rootProcessInstanceId,
  };
}
