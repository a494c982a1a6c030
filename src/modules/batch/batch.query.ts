import { In } from 'typeorm';
import { PageContext, QueryResource } from '../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { Resources } from '../../engine/authorization/resources';
import { BatchEntity } from '../../persistence/entities/runtime/batch.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { BatchDto, BatchStatisticsDto, toBatchDto } from './batch.dto';

const FAILED_BATCH_JOB = 'SELECT 1 FROM act_ru_job j WHERE j.job_def_id = b.batch_job_def_id AND j.retries = 0';

/** GET /batch, /batch/count and the statistics over `act_ru_batch b` (Camunda's BatchQueryDto). */
export const BATCH_QUERY: QuerySpec = {
  params: {
    batchId: f.eq('b.id'),
    type: f.eq('b.type'),
    ...tenantParams('b.tenantId'),
    suspended: f.bool('b.suspensionState = 2', 'b.suspensionState = 1'),
    createdBy: f.eq('b.createUserId'),
    startedBefore: f.cmp('b.startTime', '<='),
    startedAfter: f.cmp('b.startTime', '>='),
    withFailures: f.flag(`EXISTS (${FAILED_BATCH_JOB})`),
    withoutFailures: f.flag(`NOT EXISTS (${FAILED_BATCH_JOB})`),
  },
  sortBy: { batchId: 'b.id', tenantId: 'b.tenantId' },
  defaultOrder: 'b.id',
};

const READ_BATCH = { permission: 'READ', resource: Resources.BATCH, column: 'b.id' };

export const BATCH_LIST: QueryResource<BatchEntity, BatchDto> = {
  entity: BatchEntity,
  alias: 'b',
  tenantColumn: 'b.tenantId',
  restrict: READ_BATCH,
  spec: BATCH_QUERY,
  dto: BatchDto,
  toDto: toBatchDto,
};

/**
 * Remaining jobs: the batch jobs not yet created plus those that exist (failed ones included); completed: the rest.
 * One grouped count per page.
 */
async function withStatistics(rows: BatchEntity[], page: PageContext): Promise<BatchStatisticsDto[]> {
  const defs = rows.map((b) => b.batchJobDefinitionId).filter((d): d is string => d != null);
  const counts = new Map<string, { existing: number; failed: number }>();
  if (defs.length) {
    const found = await page.em
      .getRepository(JobEntity)
      .createQueryBuilder('j')
      .select('j.jobDefinitionId', 'def')
      .addSelect('COUNT(*)', 'existing')
      .addSelect('SUM(CASE WHEN j.retries = 0 THEN 1 ELSE 0 END)', 'failed')
      .where({ jobDefinitionId: In(defs) })
      .groupBy('j.jobDefinitionId')
      .getRawMany<{ def: string; existing: number | string; failed: number | string | null }>();
    for (const r of found) counts.set(r.def, { existing: Number(r.existing), failed: Number(r.failed ?? 0) });
  }
  return rows.map((b) => {
    const c = counts.get(b.batchJobDefinitionId ?? '') ?? { existing: 0, failed: 0 };
    const remainingJobs = b.totalJobs - b.jobsCreated + c.existing;
    return { ...toBatchDto(b), remainingJobs, completedJobs: b.totalJobs - remainingJobs, failedJobs: c.failed };
  });
}

export const BATCH_STATISTICS_LIST: QueryResource<BatchEntity, BatchStatisticsDto> = {
  entity: BatchEntity,
  alias: 'b',
  tenantColumn: 'b.tenantId',
  restrict: READ_BATCH,
  spec: BATCH_QUERY,
  dto: BatchStatisticsDto,
  toDtos: withStatistics,
};
