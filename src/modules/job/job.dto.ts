import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IntegerField, StringField } from '../../common/validation/body-fields';
import { formatDate } from '../../engine/util/camunda-date';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';

export class JobDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) jobDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) exceptionMessage: string | null;
  @ApiPropertyOptional({ nullable: true }) failedActivityId: string | null;
  @ApiProperty() retries: number;
  @ApiPropertyOptional({ nullable: true }) dueDate: string | null;
  @ApiProperty() suspended: boolean;
  @ApiProperty() priority: number;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) createTime: string | null;
  @ApiPropertyOptional({ nullable: true }) batchId: string | null;
}

export class JobRetriesDto {
  @IntegerField({ required: "The number of job retries must be a non-negative Integer, but 'null' has been provided." }) retries: number;
  @StringField({ example: '2026-01-23T14:42:45.000+0000' }) dueDate?: string | null;
}

export function toJobDto(j: JobEntity): JobDto {
  return {
    id: j.id,
    jobDefinitionId: j.jobDefinitionId,
    processInstanceId: j.processInstanceId,
    processDefinitionId: j.processDefinitionId,
    processDefinitionKey: j.processDefinitionKey,
    executionId: j.executionId,
    exceptionMessage: j.exceptionMessage,
    failedActivityId: j.failedActivityId,
    retries: j.retries,
    dueDate: formatDate(j.dueDate),
    suspended: j.suspensionState === 2,
    priority: Number(j.priority),
    tenantId: j.tenantId,
    createTime: formatDate(j.createTime),
    batchId: null,
  };
}
