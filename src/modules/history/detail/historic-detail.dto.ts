import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../../engine/util/camunda-date';
import { typedValueToWire } from '../../../common/variables/wire-value';
import { fromColumns } from '../../../engine/variables/variable-columns';
import { HistoricDetailEntity } from '../../../persistence/entities/history/historic-detail.entity';

/** Camunda's polymorphic HistoricDetailDto; only variable updates are recorded here (no forms). */
export class HistoricDetailDto {
  @ApiProperty({ enum: ['variableUpdate', 'formField'] }) type: string;
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) activityInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseExecutionId: string | null;
  @ApiPropertyOptional({ nullable: true }) taskId: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) userOperationId: string | null;
  @ApiProperty() time: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
  @ApiPropertyOptional() variableName?: string;
  @ApiPropertyOptional({ nullable: true }) variableInstanceId?: string | null;
  @ApiPropertyOptional() variableType?: string;
  @ApiPropertyOptional() value?: unknown;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) valueInfo?: Record<string, unknown>;
  @ApiPropertyOptional() initial?: boolean;
  @ApiPropertyOptional({ nullable: true }) revision?: number | null;
  @ApiPropertyOptional({ nullable: true }) errorMessage?: string | null;
  @ApiPropertyOptional() fieldId?: string;
  @ApiPropertyOptional() fieldValue?: unknown;
}

export function toHistoricDetailDto(d: HistoricDetailEntity, deserialize: boolean): HistoricDetailDto {
  const common = {
    id: d.id,
    processDefinitionKey: d.processDefinitionKey,
    processDefinitionId: d.processDefinitionId,
    processInstanceId: d.processInstanceId,
    activityInstanceId: d.activityInstanceId,
    executionId: d.executionId,
    caseDefinitionKey: null,
    caseDefinitionId: null,
    caseInstanceId: null,
    caseExecutionId: null,
    taskId: d.taskId,
    tenantId: d.tenantId,
    userOperationId: d.userOperationId,
    time: formatDate(d.time),
    removalTime: formatDate(d.removalTime),
    rootProcessInstanceId: d.rootProcessInstanceId,
  };
  if (d.detailType === 'FormProperty')
    return { type: 'formField', ...common, fieldId: d.variableName, fieldValue: d.textValue };
  const wire = typedValueToWire(fromColumns(d), deserialize);
  return {
    type: 'variableUpdate',
    ...common,
    variableName: d.variableName,
    variableInstanceId: d.variableInstanceId,
    variableType: wire.type,
    value: wire.value,
    valueInfo: wire.valueInfo,
    initial: d.initial === true || Number(d.initial) === 1,
    revision: d.revision,
    errorMessage: null,
  };
}
