import { BatchEntity } from '../../persistence/entities/runtime/batch.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { JOB_TYPE } from '../bpmn/runtime/events/job-kinds';
import type { JobHandler, RuntimeContext } from '../bpmn/runtime/runtime-context';
import { BatchOperation } from './batch-operations';
import { BATCH_JOB_HANDLER, BatchConfiguration, BatchJobConfiguration } from './batch-types';
import { BatchManager } from './batch.manager';
import { EventContext } from '../bpmn/runtime/events/event-context';

/** What the batch jobs need to know besides their batch row. */
export interface BatchJobSettings {
  pollMs: number;
  /** Days a finished batch of this type stays in the history; null: forever. */
  ttlOf: (type: string) => number | null;
}

/** A job of a batch: its job definition id says which kind, the batch's suspension state and tenant carry over. */
export function insertBatchJob(
  ctx: RuntimeContext,
  batch: BatchEntity,
  fields: Partial<JobEntity> & Pick<JobEntity, 'handlerType'>,
): JobEntity {
  return ctx.manager(EventContext).insertJob(null, {
    type: JOB_TYPE.message,
    suspensionState: batch.suspensionState,
    tenantId: batch.tenantId,
    exclusive: false,
    ...fields,
  });
}

export function insertMonitorJob(ctx: RuntimeContext, batch: BatchEntity, pollMs: number): void {
  insertBatchJob(ctx, batch, {
    handlerType: BATCH_JOB_HANDLER.monitor,
    handlerConfiguration: batch.id,
    jobDefinitionId: batch.monitorJobDefinitionId,
    dueDate: new Date(ctx.now().getTime() + pollMs),
  });
}

/**
 * The seed job: creates the next `batchJobsPerSeed` batch jobs, then either itself again (more to create) or the
 * monitor job. The batch row is revision-checked, so a suspension or deletion meanwhile makes it run again on fresh
 * data.
 */
async function seed(ctx: RuntimeContext, job: JobEntity, settings: BatchJobSettings): Promise<void> {
  const batch = await ctx.em.getRepository(BatchEntity).findOneBy({ id: job.handlerConfiguration ?? '' });
  if (!batch) return;
  const batches = ctx.manager(BatchManager);
  batches.track(batch);
  if (!batch.executionStartTime) batches.executionStarted(batch, ctx.now());
  const create = Math.max(0, Math.min(batch.batchJobsPerSeed, batch.totalJobs - batch.jobsCreated));
  const targets = (JSON.parse(batch.configuration ?? '{"ids":[]}') as BatchConfiguration).ids.length;
  for (let i = 0; i < create; i++) {
    const offset = (batch.jobsCreated + i) * batch.invocationsPerBatchJob;
    const config: BatchJobConfiguration = {
      batchId: batch.id,
      offset,
      count: Math.min(batch.invocationsPerBatchJob, targets - offset),
    };
    insertBatchJob(ctx, batch, {
      handlerType: batch.type,
      handlerConfiguration: JSON.stringify(config),
      jobDefinitionId: batch.batchJobDefinitionId,
    });
  }
  batch.jobsCreated += create;
  if (batch.jobsCreated < batch.totalJobs) {
    insertBatchJob(ctx, batch, {
      handlerType: BATCH_JOB_HANDLER.seed,
      handlerConfiguration: batch.id,
      jobDefinitionId: batch.seedJobDefinitionId,
    });
  } else {
    insertMonitorJob(ctx, batch, settings.pollMs);
  }
}

/** The monitor job: the batch is done when every batch job is gone (failed ones stay until resolved or deleted). */
async function monitor(ctx: RuntimeContext, job: JobEntity, settings: BatchJobSettings): Promise<void> {
  const batch = await ctx.em.getRepository(BatchEntity).findOneBy({ id: job.handlerConfiguration ?? '' });
  if (!batch) return;
  const left = await ctx.em.getRepository(JobEntity).countBy({ jobDefinitionId: batch.batchJobDefinitionId ?? '' });
  if (left > 0 || batch.jobsCreated < batch.totalJobs) {
    insertMonitorJob(ctx, batch, settings.pollMs);
    return;
  }
  ctx.manager(BatchManager).complete(batch, settings.ttlOf(batch.type));
}

/** A batch job: its share of the targets, in one transaction with the deletion of the job (so never twice). */
function batchJob(operation: BatchOperation, type: string, settings: BatchJobSettings): JobHandler {
  return async (ctx, job) => {
    const share = JSON.parse(job.handlerConfiguration ?? '{}') as BatchJobConfiguration;
    const batch = await ctx.em
      .getRepository(BatchEntity)
      .findOne({ select: { id: true, configuration: true }, where: { id: share.batchId } });
    if (!batch) return;
    const config = JSON.parse(batch.configuration ?? '{"ids":[],"parameters":{}}') as BatchConfiguration;
    const targets = config.ids.slice(share.offset, share.offset + share.count);
    if (targets.length) await operation(ctx, targets, config.parameters, settings.ttlOf);
    ctx.afterCommit(() => ctx.deps.metrics.batchInvocationsDone(type, targets.length));
  };
}

/** The handlers of seed, monitor and batch jobs, for the job executor. */
export function batchJobHandlers(
  operations: ReadonlyMap<string, BatchOperation>,
  settings: BatchJobSettings,
): Map<string, JobHandler> {
  const handlers = new Map<string, JobHandler>([
    [BATCH_JOB_HANDLER.seed, (ctx, job) => seed(ctx, job, settings)],
    [BATCH_JOB_HANDLER.monitor, (ctx, job) => monitor(ctx, job, settings)],
  ]);
  for (const [type, operation] of operations) handlers.set(type, batchJob(operation, type, settings));
  return handlers;
}
