import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../engine/util/camunda-date';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';

/** Camunda's JobDto (GET /job, and the history cleanup job of POST /history/cleanup). */
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
