import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { StringField } from '../../../common/validation/body-fields';
import { formatDate } from '../../../engine/util/camunda-date';
import { UserOperationLogEntryEntity } from '../../../persistence/entities/history/user-operation-log-entry.entity';

/** Camunda's UserOperationLogEntryDto (there are no cases here: their ids are null). */
export class UserOperationLogEntryDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) deploymentId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseExecutionId: string | null;
  @ApiPropertyOptional({ nullable: true }) taskId: string | null;
  @ApiPropertyOptional({ nullable: true }) jobId: string | null;
  @ApiPropertyOptional({ nullable: true }) jobDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) batchId: string | null;
  @ApiPropertyOptional({ nullable: true }) userId: string | null;
  @ApiProperty() timestamp: string | null;
  @ApiPropertyOptional({ nullable: true }) operationId: string | null;
  @ApiPropertyOptional({ nullable: true }) externalTaskId: string | null;
  @ApiPropertyOptional({ nullable: true }) operationType: string | null;
  @ApiPropertyOptional({ nullable: true }) entityType: string | null;
  @ApiPropertyOptional({ nullable: true }) property: string | null;
  @ApiPropertyOptional({ nullable: true }) orgValue: string | null;
  @ApiPropertyOptional({ nullable: true }) newValue: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) category: string | null;
  @ApiPropertyOptional({ nullable: true }) annotation: string | null;
}

export function toUserOperationLogEntryDto(e: UserOperationLogEntryEntity): UserOperationLogEntryDto {
  return {
    id: e.id,
    deploymentId: e.deploymentId,
    processDefinitionId: e.processDefinitionId,
    processDefinitionKey: e.processDefinitionKey,
    processInstanceId: e.processInstanceId,
    executionId: e.executionId,
    caseDefinitionId: null,
    caseInstanceId: null,
    caseExecutionId: null,
    taskId: e.taskId,
    jobId: e.jobId,
    jobDefinitionId: e.jobDefinitionId,
    batchId: e.batchId,
    userId: e.userId,
    timestamp: formatDate(e.timestamp),
    operationId: e.operationId,
    externalTaskId: e.externalTaskId,
    operationType: e.operationType,
    entityType: e.entityType,
    property: e.property,
    orgValue: e.orgValue,
    newValue: e.newValue,
    removalTime: formatDate(e.removalTime),
    rootProcessInstanceId: e.rootProcessInstanceId,
    category: e.category,
    annotation: e.annotation,
  };
}

export class OperationLogAnnotationDto {
  @StringField() annotation?: string | null;
}
