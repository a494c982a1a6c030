import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { VariableValueDto, variablesToWire } from '../../common/variables/variable-value.dto';
import { DefinitionInfo, LockedExternalTask } from '../../engine/external-task/external-task-types';
import { formatDate } from '../../engine/util/camunda-date';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';

export class ExternalTaskDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) activityId: string | null;
  @ApiPropertyOptional({ nullable: true }) activityInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) errorMessage: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true, example: '2026-01-23T14:42:45.000+0000' }) lockExpirationTime: string | null;
  @ApiPropertyOptional({ nullable: true, example: '2026-01-23T14:42:45.000+0000' }) createTime: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionVersionTag: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true, type: 'integer' }) retries: number | null;
  @ApiProperty() suspended: boolean;
  @ApiPropertyOptional({ nullable: true }) workerId: string | null;
  @ApiProperty() topicName: string;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiProperty({ type: 'integer', format: 'int64' }) priority: number;
  @ApiPropertyOptional({ nullable: true }) businessKey: string | null;
}

export class LockedExternalTaskDto extends ExternalTaskDto {
  @ApiPropertyOptional({ nullable: true }) errorDetails: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: { value: {}, type: { type: 'string' }, valueInfo: { type: 'object' } },
    },
  })
  variables: Record<string, VariableValueDto>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) extensionProperties: Record<
    string,
    string
  >;
}

export function toExternalTaskDto(t: ExternalTaskEntity, versionTag: string | null): ExternalTaskDto {
  return {
    activityId: t.activityId,
    activityInstanceId: t.activityInstanceId,
    errorMessage: t.errorMessage,
    executionId: t.executionId,
    id: t.id,
    lockExpirationTime: formatDate(t.lockExpirationTime),
    createTime: formatDate(t.createTime),
    processDefinitionId: t.processDefinitionId,
    processDefinitionKey: t.processDefinitionKey,
    processDefinitionVersionTag: versionTag,
    processInstanceId: t.processInstanceId,
    retries: t.retries,
    suspended: t.suspensionState === 2,
    workerId: t.workerId,
    topicName: t.topicName,
    tenantId: t.tenantId,
    priority: t.priority,
    businessKey: t.businessKey,
  };
}

export function toExternalTaskDtos(
  tasks: ExternalTaskEntity[],
  definitions: Map<string, DefinitionInfo>,
): ExternalTaskDto[] {
  return tasks.map((t) =>
    toExternalTaskDto(t, (t.processDefinitionId && definitions.get(t.processDefinitionId)?.versionTag) || null),
  );
}

export function toLockedExternalTaskDto(locked: LockedExternalTask): LockedExternalTaskDto {
  const t = locked.task;
  const base = toExternalTaskDto(t, locked.processDefinitionVersionTag);
  return {
    ...base,
    errorDetails: t.errorDetails,
    variables: variablesToWire(locked.variables, locked.deserializeValues) as Record<string, VariableValueDto>,
    extensionProperties: locked.extensionProperties,
  };
}
