import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { Authentication } from '../command/authentication';
import { RuntimeContext } from '../bpmn/runtime/runtime-context';
import { CommandExecutor } from '../command/command-executor';
import { AuthorizationError, NotFoundError } from '../errors';
import { Resources } from '../authorization/resources';
import { checkReadInstance } from '../bpmn/runtime/runtime-authorization';
import { ExecuteJobCmd } from './commands/execute-job.cmd';
import { JobFailureCmd } from './commands/job-failure.cmd';
import { SetJobRetriesCmd } from './commands/set-job-retries.cmd';
import { claimJobs, countRunnableJobs, nextDueDate } from './job-acquisition';
import { JobManager } from '../entities/job.manager';
import { JobExecutor, JobExecutorOptions, JobRunner } from './job-executor';
import { JobDefinitionSelector, SetJobDefinitionStateCmd } from './commands/set-job-definition-state.cmd';
import { SetJobDefinitionPriorityCmd } from './commands/set-job-definition-priority.cmd';
import { SetJobDefinitionRetriesCmd } from './commands/set-job-definition-retries.cmd';
import { JobStateSelector, SetJobStateCmd } from './commands/set-job-state.cmd';
import { DeleteJobCmd } from './commands/delete-job.cmd';
import { SetJobDuedateCmd } from './commands/set-job-duedate.cmd';
import { SetJobPriorityCmd } from './commands/set-job-priority.cmd';
import { RecalculateJobDuedateCmd } from './commands/recalculate-job-duedate.cmd';

/**
 * Jobs: what the job executor runs (acquire, execute, record failures) and the management side
 * (execute one now, set retries, read the failure). Failures are recorded in a transaction of
 * their own, after the job's transaction rolled back.
 */
export class ManagementService implements JobRunner {
  readonly executor: JobExecutor;

  constructor(
    private readonly commands: CommandExecutor<RuntimeContext>,
    private readonly clock: () => Date,
    private readonly options: JobExecutorOptions,
  ) {
    this.executor = new JobExecutor(this, options);
  }

  now(): Date {
    return this.clock();
  }

  acquire(owner: string, limit: number, lockTimeMs: number): Promise<string[]> {
    const now = this.clock();
    return this.commands.execute(null, {
      execute: async (ctx) => {
        const lockUntil = new Date(now.getTime() + lockTimeMs);
        const ids = await claimJobs(ctx, owner, limit, now, lockUntil, this.options.acquireByPriority === true);
        if (ids.length) ctx.afterCommit(() => ctx.deps.metrics.jobsAcquired(ids.length));
        return ids;
      },
    });
  }

  async runAcquired(jobId: string, owner: string): Promise<'executed' | 'skipped' | 'failed'> {
    try {
      return await this.commands.execute(null, new ExecuteJobCmd(jobId, owner));
    } catch (err) {
      await this.commands.execute(null, new JobFailureCmd(jobId, err, owner)).catch(() => undefined);
      return 'failed';
    }
  }

  nextDueDate(): Promise<Date | null> {
    return this.commands.tx.read((em) => nextDueDate(em, this.clock()));
  }

  /** Jobs due now that no executor has claimed (monitoring: a growing number means the executors fall behind). */
  dueJobCount(): Promise<number> {
    return this.commands.tx.read((em) => countRunnableJobs(em, this.clock()));
  }

  releaseLocks(owner: string): Promise<void> {
    return this.commands.execute(null, {
      execute: (ctx) => {
        ctx.manager(JobManager).releaseLocks(owner);
        return Promise.resolve();
      },
    });
  }

  /**
   * Runs every job that is due now, batch after batch, until none is left (tests move the clock
   * and call this; operators may too). Returns how many jobs ran, failed ones included.
   */
  async executeDueJobs(maxRounds = 1000): Promise<number> {
    const owner = `${this.executor.lockOwner}:manual`;
    let ran = 0;
    for (let round = 0; round < maxRounds; round++) {
      const ids = await this.acquire(owner, 50, 300_000);
      if (!ids.length) break;
      for (const id of ids) if ((await this.runAcquired(id, owner)) !== 'skipped') ran++;
    }
    return ran;
  }

  // ---- management

  /** managementService.executeJob: runs it now; a failure is recorded on the job and rethrown. */
  async executeJob(auth: Authentication | null, jobId: string): Promise<void> {
    try {
      await this.commands.execute(auth, new ExecuteJobCmd(jobId, null));
    } catch (err) {
      if (!(err instanceof NotFoundError) && !(err instanceof AuthorizationError)) {
        await this.commands.execute(null, new JobFailureCmd(jobId, err, null)).catch(() => undefined);
      }
      throw err;
    }
  }

  /**
   * Reading system data (the metrics) needs READ on the SYSTEM resource, as Camunda's telemetry data does;
   * members of camunda-admin and everybody without authorization checks pass.
   */
  checkSystemRead(auth: Authentication | null): Promise<void> {
    return this.commands.read(auth, {
      execute: (ctx) => ctx.checkPermissions([{ permission: 'READ', resource: Resources.SYSTEM }]),
    });
  }

  /** Sets the retries (and, when given, a new due date). */
  setRetries(auth: Authentication | null, jobId: string, retries: number, dueDate: Date | null = null): Promise<void> {
    return this.commands.execute(auth, new SetJobRetriesCmd(jobId, retries, dueDate));
  }

  /** Suspends or activates job definitions (with `includeJobs`, their jobs too). */
  setJobDefinitionSuspension(
    auth: Authentication | null,
    selector: JobDefinitionSelector,
    suspend: boolean,
    includeJobs: boolean,
  ): Promise<void> {
    return this.commands.execute(auth, new SetJobDefinitionStateCmd(selector, suspend, includeJobs));
  }

  /** Sets (or, with null, clears) the overriding priority of a job definition. */
  setJobDefinitionPriority(
    auth: Authentication | null,
    jobDefinitionId: string,
    priority: number | null,
    includeJobs: boolean,
  ): Promise<void> {
    return this.commands.execute(auth, new SetJobDefinitionPriorityCmd(jobDefinitionId, priority, includeJobs));
  }

  /** Gives the failed jobs of a job definition new retries. */
  setJobDefinitionRetries(
    auth: Authentication | null,
    jobDefinitionId: string,
    retries: number,
    dueDate: Date | null,
  ): Promise<void> {
    return this.commands.execute(auth, new SetJobDefinitionRetriesCmd(jobDefinitionId, retries, dueDate));
  }

  setJobSuspension(auth: Authentication | null, selector: JobStateSelector, suspend: boolean): Promise<void> {
    return this.commands.execute(auth, new SetJobStateCmd(selector, suspend));
  }

  deleteJob(auth: Authentication | null, jobId: string): Promise<void> {
    return this.commands.execute(auth, new DeleteJobCmd(jobId));
  }

  setJobDuedate(auth: Authentication | null, jobId: string, dueDate: Date | null): Promise<void> {
    return this.commands.execute(auth, new SetJobDuedateCmd(jobId, dueDate));
  }

  recalculateJobDuedate(auth: Authentication | null, jobId: string, creationDateBased: boolean): Promise<void> {
    return this.commands.execute(auth, new RecalculateJobDuedateCmd(jobId, creationDateBased));
  }

  setJobPriority(auth: Authentication | null, jobId: string, priority: number): Promise<void> {
    return this.commands.execute(auth, new SetJobPriorityCmd(jobId, priority));
  }

  /** A job, or null when there is none with this id (read access to its instance is checked). */
  getJob(auth: Authentication | null, jobId: string): Promise<JobEntity | null> {
    return this.commands.read(auth, {
      execute: async (ctx) => {
        const job = await ctx.em.getRepository(JobEntity).findOneBy({ id: jobId });
        if (job?.processInstanceId && job.processDefinitionKey) {
          await checkReadInstance(ctx, { id: job.processInstanceId, definitionKey: job.processDefinitionKey });
        }
        return job;
      },
    });
  }
}
