import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../../engine/util/camunda-date';
import {
  EXTERNAL_TASK_LOG_STATE,
  HistoricExternalTaskLogEntity,
} from '../../../persistence/entities/history/historic-external-task-log.entity';

/** Camunda's HistoricExternalTaskLogDto. */
export class HistoricExternalTaskLogDto {
  @ApiProperty() id: string;
  @ApiProperty() timestamp: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiProperty() externalTaskId: string;
  @ApiPropertyOptional({ nullable: true }) topicName: string | null;
  @ApiPropertyOptional({ nullable: true }) workerId: string | null;
  @ApiProperty() priority: number;
  @ApiPropertyOptional({ nullable: true }) retries: number | null;
  @ApiPropertyOptional({ nullable: true }) errorMessage: string | null;
  @ApiPropertyOptional({ nullable: true }) activityId: string | null;
  @ApiPropertyOptional({ nullable: true }) activityInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
  @ApiProperty() creationLog: boolean;
  @ApiProperty() failureLog: boolean;
  @ApiProperty() successLog: boolean;
  @ApiProperty() deletionLog: boolean;
}

export function toHistoricExternalTaskLogDto(l: HistoricExternalTaskLogEntity): HistoricExternalTaskLogDto {
  const state = Number(l.state);
  return {
    id: l.id,
    timestamp: formatDate(l.timestamp),
    removalTime: formatDate(l.removalTime),
    externalTaskId: l.externalTaskId,
    topicName: l.topicName,
    workerId: l.workerId,
    priority: l.priority,
    retries: l.retries,
    errorMessage: l.errorMessage,
    activityId: l.activityId,
    activityInstanceId: l.activityInstanceId,
    executionId: l.executionId,
    processInstanceId: l.processInstanceId,
    processDefinitionId: l.processDefinitionId,
    processDefinitionKey: l.processDefinitionKey,
    tenantId: l.tenantId,
    rootProcessInstanceId: l.rootProcessInstanceId,
    creationLog: state === EXTERNAL_TASK_LOG_STATE.created,
    failureLog: state === EXTERNAL_TASK_LOG_STATE.failed,
    successLog: state === EXTERNAL_TASK_LOG_STATE.successful,
    deletionLog: state === EXTERNAL_TASK_LOG_STATE.deleted,
  };
}
