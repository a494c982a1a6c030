import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { resolveActivity } from '../../bpmn/runtime/activity-ref';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { evaluate } from '../../bpmn/runtime/expression-scope';
import { OptimisticLockingError } from '../../errors';
import { variablesContext } from '../../expression';
import { IncidentManager } from '../../incident/incident.manager';
import { JobManager } from '../../entities/job.manager';
import { Command } from '../../command/command';
import { retryAfterFailure } from '../../timer/retry-cycle';
import { jobLogContext } from '../job-log-context';
import { failureText, HistoryLogManager } from '../../history/history-log.manager';

const MESSAGE_LENGTH = 4000;

/** camunda:failedJobRetryTimeCycle of the job's activity, evaluated (it may be an expression). */
async function retryCycleOf(ctx: RuntimeContext, job: JobEntity): Promise<string | null> {
  if (!job.processDefinitionId) return null;
  try {
    const graph = await ctx.graph(await ctx.definition(job.processDefinitionId));
    const expression = resolveActivity(graph, job.activityId)?.node.async.failedJobRetryTimeCycle;
    if (!expression) return null;
    const instance = job.processInstanceId ? await ctx.loadInstance(job.processInstanceId) : null;
    const execution = instance?.get(job.executionId ?? '');
    const value = execution
      ? evaluate(ctx, execution, expression)
      : expression.evaluate(variablesContext({}, { now: () => ctx.now() }));
    return value == null || value === '' ? null : String(value);
  } catch {
    // A cycle that cannot be evaluated must not hide the original failure: the default applies.
    return null;
  }
}

/**
 * After a job's transaction failed (in a new one): one retry less, the error kept on the job, the
 * next try after the retry cycle's interval; out of retries, a failedJob incident opens. A job that
 * only lost an optimistic-locking race is just unlocked and tried again.
 */
export class JobFailureCmd implements Command<void> {
  constructor(
    private readonly jobId: string,
    private readonly error: unknown,
    private readonly lockOwner: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const job = await ctx.em.getRepository(JobEntity).findOneBy({ id: this.jobId });
    if (!job || (this.lockOwner && job.lockOwner !== this.lockOwner)) return;
    ctx.manager(JobManager).track(job);
    job.lockOwner = null;
    job.lockExpirationTime = null;
    if (this.error instanceof OptimisticLockingError) return;
    ctx.afterCommit(() => ctx.deps.metrics.jobFailed());
    const now = ctx.now();
    const firstFailure = job.exceptionMessage == null && job.exceptionStacktrace == null;
    const decision = retryAfterFailure(await retryCycleOf(ctx, job), job.retries, firstFailure, now);
    const err = this.error instanceof Error ? this.error : new Error(String(this.error));
    job.lockExpirationTime = decision.nextTry;
    job.exceptionMessage = (err.message || err.name).slice(0, MESSAGE_LENGTH);
    // The message and its causes as the job log has them: the REST API hands this text out, our call stack stays in.
    job.exceptionStacktrace = failureText(err);
    job.failedActivityId = job.activityId;
    ctx.manager(IncidentManager).setJobRetries(job, decision.retries);
    if (ctx.manager(HistoryLogManager).enabled)
      ctx.manager(HistoryLogManager).job('failed', job, await jobLogContext(ctx, job, err));
  }
}
