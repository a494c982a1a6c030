import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../engine/util/camunda-date';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';

/** A task on the wire: the task list and the results of task filters share it. */
export class TaskDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiPropertyOptional({ nullable: true }) assignee: string | null;
  @ApiPropertyOptional({ nullable: true }) owner: string | null;
  @ApiProperty() created: string | null;
  @ApiPropertyOptional({ nullable: true }) lastUpdated: string | null;
  @ApiPropertyOptional({ nullable: true }) due: string | null;
  @ApiPropertyOptional({ nullable: true }) followUp: string | null;
  @ApiPropertyOptional({ nullable: true, enum: ['PENDING', 'RESOLVED'] }) delegationState: string | null;
  @ApiPropertyOptional({ nullable: true }) description: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) formKey: string | null;
  @ApiPropertyOptional({ nullable: true }) camundaFormRef: unknown;
  @ApiPropertyOptional({ nullable: true }) parentTaskId: string | null;
  @ApiProperty() priority: number;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiProperty() suspended: boolean;
  @ApiPropertyOptional({ nullable: true }) taskDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseExecutionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
}

export function toTaskDto(t: TaskEntity): TaskDto {
  return {
    id: t.id,
    name: t.name,
    assignee: t.assignee,
    owner: t.owner,
    created: formatDate(t.createTime),
    lastUpdated: formatDate(t.lastUpdated),
    due: formatDate(t.dueDate),
    followUp: formatDate(t.followUpDate),
    delegationState: t.delegationState,
    description: t.description,
    executionId: t.executionId,
    formKey: t.formKey,
    camundaFormRef: null,
    parentTaskId: t.parentTaskId,
    priority: t.priority,
    processDefinitionId: t.processDefinitionId,
    processInstanceId: t.processInstanceId,
    suspended: t.suspensionState === 2,
    taskDefinitionKey: t.taskDefinitionKey,
    caseDefinitionId: null,
    caseExecutionId: null,
    caseInstanceId: null,
    tenantId: t.tenantId,
  };
}
