import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { AuthorizationError } from '../../errors';
import {
  cleanupShares,
  HISTORY_CLEANUP_HANDLER,
  insertCleanupJob,
  nextWindowStart,
  parseCleanupWindow,
  parseShare,
} from '../history-cleanup';
import { JobManager } from '../../entities/job.manager';

/**
 * historyService.cleanUpHistoryAsync: the cleanup jobs, one per degree of parallelism, due now (or at their next window
 * start with `immediatelyDue` false); made when missing, or made anew when the degree changed. Answers the first one,
 * as Camunda does. Camunda admins only.
 */
export class HistoryCleanupCmd implements Command<JobEntity | null, RuntimeContext> {
  constructor(
    private readonly immediatelyDue: boolean,
    private readonly window: string | null,
    private readonly degreeOfParallelism: number,
  ) {}

  async execute(ctx: RuntimeContext): Promise<JobEntity | null> {
    if (!ctx.deps.checker.bypasses(ctx.auth))
      throw new AuthorizationError(ctx.auth?.userId ?? null, [], 'Required admin authenticated group or user.');
    const window = parseCleanupWindow(this.window);
    const due = this.immediatelyDue ? ctx.now() : window ? nextWindowStart(window, ctx.now()) : null;
    const shares = cleanupShares(this.degreeOfParallelism);
    const jobs = await ctx.em
      .getRepository(JobEntity)
      .find({ where: { handlerType: HISTORY_CLEANUP_HANDLER }, order: { id: 'ASC' } });
    const key = (s: { minuteFrom: number; minuteTo: number }) => `${s.minuteFrom}-${s.minuteTo}`;
    const have = new Set(jobs.map((j) => key(parseShare(j.handlerConfiguration))));
    const same = jobs.length === shares.length && shares.every((s) => have.has(key(s)));
    if (same) {
      if (due) {
        for (const job of jobs) ctx.manager(JobManager).track(job).dueDate = due;
        ctx.afterCommit(() => ctx.deps.jobsCreated?.(due));
      }
      return jobs.sort(
        (a, b) => parseShare(a.handlerConfiguration).minuteFrom - parseShare(b.handlerConfiguration).minuteFrom,
      )[0];
    }
    const start = due ?? jobs.map((j) => j.dueDate).find((d): d is Date => d != null) ?? null;
    if (!start) return null;
    for (const job of jobs) ctx.manager(JobManager).delete(job);
    const created = shares.map((share) => insertCleanupJob(ctx, start, share));
    return created[0];
  }
}
