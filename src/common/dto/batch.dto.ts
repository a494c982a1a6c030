import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../engine/util/camunda-date';
import { BatchEntity } from '../../persistence/entities/runtime/batch.entity';

/** Camunda's BatchDto: what every batch-starting endpoint answers and GET /batch lists. */
export class BatchDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'set-external-task-retries' }) type: string;
  @ApiProperty() totalJobs: number;
  @ApiProperty() jobsCreated: number;
  @ApiProperty() batchJobsPerSeed: number;
  @ApiProperty() invocationsPerBatchJob: number;
  @ApiPropertyOptional({ nullable: true }) seedJobDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) monitorJobDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) batchJobDefinitionId: string | null;
  @ApiProperty() suspended: boolean;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) createUserId: string | null;
  @ApiPropertyOptional({ nullable: true, example: '2026-01-23T14:42:45.000+0000' }) startTime: string | null;
  @ApiPropertyOptional({ nullable: true, example: '2026-01-23T14:42:45.000+0000' }) executionStartTime: string | null;
}

export function toBatchDto(b: BatchEntity): BatchDto {
  return {
    id: b.id,
    type: b.type,
    totalJobs: b.totalJobs,
    jobsCreated: b.jobsCreated,
    batchJobsPerSeed: b.batchJobsPerSeed,
    invocationsPerBatchJob: b.invocationsPerBatchJob,
    seedJobDefinitionId: b.seedJobDefinitionId,
    monitorJobDefinitionId: b.monitorJobDefinitionId,
    batchJobDefinitionId: b.batchJobDefinitionId,
    suspended: b.suspensionState === 2,
    tenantId: b.tenantId,
    createUserId: b.createUserId,
    startTime: formatDate(b.startTime),
    executionStartTime: formatDate(b.executionStartTime),
  };
}
