import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { variableRowToWire } from '../../common/variables/wire-value';
import { VariableEntity } from '../../persistence/entities/runtime/variable.entity';

/** Camunda's VariableInstanceDto. */
export class VariableInstanceDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() type: string;
  @ApiPropertyOptional() value: unknown;
  @ApiProperty({ type: 'object', additionalProperties: true }) valueInfo: Record<string, unknown>;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseExecutionId: string | null;
  @ApiPropertyOptional({ nullable: true }) taskId: string | null;
  @ApiPropertyOptional({ nullable: true }) batchId: string | null;
  @ApiPropertyOptional({ nullable: true }) activityInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) errorMessage: string | null;
}

/** Lists and single gets never carry binary content (Camunda's `disableBinaryFetching`): `.../data` does. */
export function toVariableInstanceDto(
  v: VariableEntity,
  activityInstanceId: string | null,
  deserialize: boolean,
): VariableInstanceDto {
  const wire = variableRowToWire(v, { deserialize, fetchBinary: false });
  return {
    id: v.id,
    name: v.name,
    type: wire.type,
    value: wire.value,
    valueInfo: wire.valueInfo,
    processDefinitionId: v.processDefinitionId,
    processInstanceId: v.processInstanceId,
    executionId: v.executionId,
    caseInstanceId: null,
    caseExecutionId: null,
    taskId: v.taskId,
    batchId: null,
    activityInstanceId,
    tenantId: v.tenantId,
    errorMessage: null,
  };
}
