import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { AuthorizationError } from '../../errors';
import { HISTORY_CLEANUP_HANDLER, insertCleanupJob, nextWindowStart, parseCleanupWindow } from '../history-cleanup';

/**
 * historyService.cleanUpHistoryAsync: the cleanup job, due now (or at its next window start with `immediatelyDue` false);
 * made when there is none. Camunda admins only.
 */
export class HistoryCleanupCmd implements Command<JobEntity | null, RuntimeContext> {
  constructor(
    private readonly immediatelyDue: boolean,
    private readonly window: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<JobEntity | null> {
    if (!ctx.deps.checker.bypasses(ctx.auth)) throw new AuthorizationError(ctx.auth?.userId ?? null, [], 'Required admin authenticated group or user.');
    const window = parseCleanupWindow(this.window);
    const due = this.immediatelyDue ? ctx.now() : window ? nextWindowStart(window, ctx.now()) : null;
    const job = await ctx.em.getRepository(JobEntity).findOneBy({ handlerType: HISTORY_CLEANUP_HANDLER });
    if (job) {
      if (due) {
        ctx.uow.track(JobEntity, job).dueDate = due;
        ctx.afterCommit(() => ctx.deps.jobsCreated?.(due));
      }
      return job;
    }
    return due ? insertCleanupJob(ctx, due) : null;
  }
}
