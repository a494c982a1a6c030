import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { NotFoundError, OptimisticLockingError } from '../../errors';
import { Command } from '../../command/command';
import { checkUpdateInstance } from '../../bpmn/runtime/runtime-authorization';
import { runJob } from '../job-handlers';
import { jobLogContext } from '../job-log-context';
import { INCIDENT_TYPE, IncidentManager } from '../../incident/incident.manager';
import { JobManager } from '../../entities/job.manager';
import { HistoryLogManager } from '../../history/history-log.manager';

export type JobRun = 'executed' | 'skipped';

/**
 * Runs one job in its own transaction: the row is deleted first (revision-checked, so of two
 * executors only one gets it done) and its work happens in the same transaction. From the job executor the
 * job must still be locked by it; a job that vanished meanwhile (its scope ended) is skipped.
 */
export class ExecuteJobCmd implements Command<JobRun> {
  constructor(
    private readonly jobId: string,
    private readonly lockOwner: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<JobRun> {
    const job = await ctx.em.getRepository(JobEntity).findOneBy({ id: this.jobId });
    if (!job) {
      if (this.lockOwner) return 'skipped';
      throw new NotFoundError(`No job found with id '${this.jobId}'`);
    }
    if (this.lockOwner && job.lockOwner !== this.lockOwner) return 'skipped';
    if (!this.lockOwner && job.processInstanceId && job.processDefinitionKey) {
      await checkUpdateInstance(ctx, { id: job.processInstanceId, definitionKey: job.processDefinitionKey });
    }
    if (!(await ctx.manager(JobManager).deleteBeforeRun(job))) {
      if (this.lockOwner) return 'skipped';
      throw new OptimisticLockingError(`DELETE JobEntity[${job.id}]`);
    }
    if (job.exceptionMessage != null || job.retries <= 0)
      ctx.manager(IncidentManager).endFor(INCIDENT_TYPE.failedJob, [job.id]);
    await runJob(ctx, job);
    if (ctx.manager(HistoryLogManager).enabled)
      ctx.manager(HistoryLogManager).job('successful', job, await jobLogContext(ctx, job));
    ctx.afterCommit(() => ctx.deps.metrics.jobExecuted());
    return 'executed';
  }
}
