import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { HISTORY_CLEANUP_HANDLER, parseShare } from '../history-cleanup';

/** historyService.findHistoryCleanupJobs: the cleanup jobs, in the order of their shares of the hour. */
export class FindHistoryCleanupJobsCmd implements Command<JobEntity[]> {
  async execute(ctx: CommandContext): Promise<JobEntity[]> {
    const jobs = await ctx.em.getRepository(JobEntity).find({ where: { handlerType: HISTORY_CLEANUP_HANDLER } });
    const from = (j: JobEntity) => parseShare(j.handlerConfiguration).minuteFrom;
    return jobs.sort((a, b) => from(a) - from(b) || a.id.localeCompare(b.id));
  }
}
