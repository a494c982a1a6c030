import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../../engine/util/camunda-date';
import { HistoricJobLogEntity, JOB_LOG_STATE } from '../../../persistence/entities/history/historic-job-log.entity';

/** Camunda's HistoricJobLogDto. */
export class HistoricJobLogDto {
  @ApiProperty() id: string;
  @ApiProperty() timestamp: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiProperty() jobId: string;
  @ApiPropertyOptional({ nullable: true }) jobDueDate: string | null;
  @ApiPropertyOptional({ nullable: true }) jobRetries: number | null;
  @ApiProperty() jobPriority: number;
  @ApiPropertyOptional({ nullable: true }) jobExceptionMessage: string | null;
  @ApiPropertyOptional({ nullable: true }) failedActivityId: string | null;
  @ApiPropertyOptional({ nullable: true }) jobDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) jobDefinitionType: string | null;
  @ApiPropertyOptional({ nullable: true }) jobDefinitionConfiguration: string | null;
  @ApiPropertyOptional({ nullable: true }) activityId: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) deploymentId: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) hostname: string | null;
  @ApiProperty() creationLog: boolean;
  @ApiProperty() failureLog: boolean;
  @ApiProperty() successLog: boolean;
  @ApiProperty() deletionLog: boolean;
}

export function toHistoricJobLogDto(l: HistoricJobLogEntity): HistoricJobLogDto {
  const state = Number(l.state);
  return {
    id: l.id,
    timestamp: formatDate(l.timestamp),
    removalTime: formatDate(l.removalTime),
    jobId: l.jobId,
    jobDueDate: formatDate(l.jobDueDate),
    jobRetries: l.jobRetries,
    jobPriority: l.jobPriority,
    jobExceptionMessage: l.jobExceptionMessage,
    failedActivityId: l.failedActivityId,
    jobDefinitionId: l.jobDefinitionId,
    jobDefinitionType: l.jobDefinitionType,
    jobDefinitionConfiguration: l.jobDefinitionConfiguration,
    activityId: l.activityId,
    executionId: l.executionId,
    processInstanceId: l.processInstanceId,
    processDefinitionId: l.processDefinitionId,
    processDefinitionKey: l.processDefinitionKey,
    deploymentId: l.deploymentId,
    rootProcessInstanceId: l.rootProcessInstanceId,
    tenantId: l.tenantId,
    hostname: l.hostname,
    creationLog: state === JOB_LOG_STATE.created,
    failureLog: state === JOB_LOG_STATE.failed,
    successLog: state === JOB_LOG_STATE.successful,
    deletionLog: state === JOB_LOG_STATE.deleted,
  };
}
