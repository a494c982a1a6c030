import { JobDefinitionEntity } from '../../../persistence/entities/runtime/job-definition.entity';
import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { JobManager } from '../../entities/job.manager';
import { BadUserRequestError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { checkRetryJobsOf } from './job-permissions';

/**
 * managementService.setJobRetriesByJobDefinitionId: the failed jobs (no retries left) of the definition get the
 * retries, and their failedJob incidents are resolved; jobs that still have retries keep theirs.
 */
export class SetJobDefinitionRetriesCmd implements Command<void> {
  constructor(
    private readonly jobDefinitionId: string,
    private readonly retries: number,
    private readonly dueDate: Date | null,
  ) {}

  async execute(ctx: CommandContext): Promise<void> {
    if (!Number.isInteger(this.retries) || this.retries < 0) {
      throw new BadUserRequestError(
        `The number of job retries must be a non-negative Integer, but '${this.retries}' has been provided.`,
      );
    }
    const definition = await ctx.em.getRepository(JobDefinitionEntity).findOneBy({ id: this.jobDefinitionId });
    if (definition?.processDefinitionKey) await checkRetryJobsOf(ctx, definition.processDefinitionKey);
    const failed = await ctx.em.getRepository(JobEntity).findBy({ jobDefinitionId: this.jobDefinitionId, retries: 0 });
    const jobs = ctx.manager(JobManager);
    for (const job of failed) jobs.setRetries(job, this.retries, this.dueDate);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'SetJobRetries',
      entityType: 'Job',
      category: OPERATION_CATEGORY.operator,
      changes: [{ property: 'retries', orgValue: null, newValue: this.retries }],
      jobDefinitionId: this.jobDefinitionId,
      processDefinitionId: definition?.processDefinitionId ?? null,
      processDefinitionKey: definition?.processDefinitionKey ?? null,
    });
  }
}
