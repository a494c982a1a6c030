import { RestError } from '../../common/errors/rest-error';
import { f, FilterApply, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { parseDate } from '../../engine/util/camunda-date';
import { PageContext, QueryResource } from '../../common/query/query-resource';
import { BatchEntity } from '../../persistence/entities/runtime/batch.entity';
import { instanceReadGrants } from '../../common/query/authorized-rows';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { JobDto, toJobDto } from './job.dto';

const OPS: Record<string, string> = { gt: '>', lt: '<' };

/** `dueDates` / `createTimes`: comma separated `gt_<date>` and `lt_<date>` conditions, all of which must hold. */
function dateConditions(column: string, name: string): FilterApply {
  return (qb, value: string, _all, n) => {
    for (const part of value.split(',').filter(Boolean)) {
      const [op, ...rest] = part.split('_');
      const date = parseDate(rest.join('_'));
      if (!Object.hasOwn(OPS, op) || !date) throw new RestError(400, `Invalid ${name} comparator specified: ${part}`);
      const p = n('date');
      qb.andWhere(`${column} ${OPS[op]} :${p}`, { [p]: date });
    }
  };
}

/** GET /job and /job/count over `act_ru_job j` (Camunda's JobQueryDto). */
export const JOB_QUERY: QuerySpec = {
  params: {
    jobId: f.eq('j.id'),
    jobIds: f.in('j.id'),
    jobDefinitionId: f.eq('j.jobDefinitionId'),
    processInstanceId: f.eq('j.processInstanceId'),
    processInstanceIds: f.in('j.processInstanceId'),
    executionId: f.eq('j.executionId'),
    processDefinitionId: f.eq('j.processDefinitionId'),
    processDefinitionKey: f.eq('j.processDefinitionKey'),
    activityId: f.eq('j.activityId'),
    withRetriesLeft: f.flag('j.retries > 0'),
    noRetriesLeft: f.flag('j.retries <= 0'),
    executable: f.custom('boolean', (qb, v: boolean, _a, n) => {
      const p = n('now');
      if (v) qb.andWhere(`j.retries > 0 AND (j.dueDate IS NULL OR j.dueDate <= :${p})`, { [p]: new Date() });
    }),
    timers: f.flag("j.type = 'timer'"),
    messages: f.flag("j.type = 'message'"),
    dueDates: f.custom('string', dateConditions('j.dueDate', 'due date')),
    createTimes: f.custom('string', dateConditions('j.createTime', 'create time')),
    withException: f.flag('j.exceptionMessage IS NOT NULL'),
    exceptionMessage: f.eq('j.exceptionMessage'),
    failedActivityId: f.eq('j.failedActivityId'),
    active: f.flag('j.suspensionState = 1'),
    suspended: f.flag('j.suspensionState = 2'),
    priorityLowerThanOrEquals: f.cmp('j.priority', '<=', 'long'),
    priorityHigherThanOrEquals: f.cmp('j.priority', '>=', 'long'),
    ...tenantParams('j.tenantId', 'includeJobsWithoutTenantId'),
  },
  sortBy: {
    jobId: 'j.id',
    executionId: 'j.executionId',
    processInstanceId: 'j.processInstanceId',
    processDefinitionId: 'j.processDefinitionId',
    processDefinitionKey: 'j.processDefinitionKey',
    jobPriority: 'j.priority',
    jobRetries: 'j.retries',
    jobDueDate: 'j.dueDate',
    tenantId: 'j.tenantId',
  },
  defaultOrder: 'j.id',
};

/** The jobs of a batch (seed, monitor, batch jobs) name it in `batchId`: one look-up per page by their job definition ids. */
async function withBatchIds(rows: JobEntity[], page: PageContext): Promise<JobDto[]> {
  const defs = [...new Set(rows.map((j) => j.jobDefinitionId).filter((d): d is string => d != null))];
  const batchOf = new Map<string, string>();
  if (defs.length) {
    const batches = await page.em
      .getRepository(BatchEntity)
      .createQueryBuilder('b')
      .select(['b.id', 'b.seedJobDefinitionId', 'b.monitorJobDefinitionId', 'b.batchJobDefinitionId'])
      .where(
        'b.seedJobDefinitionId IN (:...defs) OR b.monitorJobDefinitionId IN (:...defs) OR b.batchJobDefinitionId IN (:...defs)',
        { defs },
      )
      .getMany();
    for (const b of batches)
      for (const d of [b.seedJobDefinitionId, b.monitorJobDefinitionId, b.batchJobDefinitionId])
        if (d) batchOf.set(d, b.id);
  }
  return rows.map((j) => ({ ...toJobDto(j), batchId: batchOf.get(j.jobDefinitionId ?? '') ?? null }));
}

export const JOB_LIST: QueryResource<JobEntity, JobDto> = {
  entity: JobEntity,
  alias: 'j',
  tenantColumn: 'j.tenantId',
  restrict: instanceReadGrants('j.processInstanceId', 'j.processDefinitionKey'),
  spec: JOB_QUERY,
  dto: JobDto,
  toDtos: withBatchIds,
};
