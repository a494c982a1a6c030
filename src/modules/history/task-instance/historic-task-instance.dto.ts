import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../../engine/util/camunda-date';
import { HistoricTaskInstanceEntity } from '../../../persistence/entities/history/historic-task-instance.entity';

/** Camunda's HistoricTaskInstanceDto. */
export class HistoricTaskInstanceDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseExecutionId: string | null;
  @ApiPropertyOptional({ nullable: true }) activityInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiPropertyOptional({ nullable: true }) description: string | null;
  @ApiPropertyOptional({ nullable: true, description: '`completed` or `deleted` once the task ended' }) deleteReason:
    string | null;
  @ApiPropertyOptional({ nullable: true }) owner: string | null;
  @ApiPropertyOptional({ nullable: true }) assignee: string | null;
  @ApiProperty() startTime: string | null;
  @ApiPropertyOptional({ nullable: true }) endTime: string | null;
  @ApiPropertyOptional({ nullable: true }) duration: number | null;
  @ApiPropertyOptional({ nullable: true }) taskDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) priority: number | null;
  @ApiPropertyOptional({ nullable: true }) due: string | null;
  @ApiPropertyOptional({ nullable: true }) parentTaskId: string | null;
  @ApiPropertyOptional({ nullable: true }) followUp: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
}

export function toHistoricTaskInstanceDto(h: HistoricTaskInstanceEntity): HistoricTaskInstanceDto {
  return {
    id: h.id,
    processDefinitionKey: h.processDefinitionKey,
    processDefinitionId: h.processDefinitionId,
    processInstanceId: h.processInstanceId,
    executionId: h.executionId,
    caseDefinitionKey: null,
    caseDefinitionId: null,
    caseInstanceId: null,
    caseExecutionId: null,
    activityInstanceId: h.activityInstanceId,
    name: h.name,
    description: h.description,
    deleteReason: h.deleteReason,
    owner: h.owner,
    assignee: h.assignee,
    startTime: formatDate(h.startTime),
    endTime: formatDate(h.endTime),
    duration: h.durationInMillis,
    taskDefinitionKey: h.taskDefinitionKey,
    priority: h.priority,
    due: formatDate(h.dueDate),
    parentTaskId: h.parentTaskId,
    followUp: formatDate(h.followUpDate),
    tenantId: h.tenantId,
    removalTime: formatDate(h.removalTime),
    rootProcessInstanceId: h.rootProcessInstanceId,
  };
}
