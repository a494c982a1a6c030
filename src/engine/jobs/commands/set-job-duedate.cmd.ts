import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { JobManager } from '../../entities/job.manager';
import { NotFoundError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { checkUpdateJob } from './job-permissions';

/**
 * managementService.setJobDuedate. A cycle's next firing is always reckoned from the due date the job fired at, so
 * the following firings move with it whether or not `cascade` asks for it.
 */
export class SetJobDuedateCmd implements Command<void> {
  constructor(
    private readonly jobId: string,
    private readonly dueDate: Date | null,
  ) {}

  async execute(ctx: CommandContext): Promise<void> {
    const job = await ctx.em.getRepository(JobEntity).findOneBy({ id: this.jobId });
    if (!job) throw new NotFoundError(`No job found with id '${this.jobId}'.`);
    await checkUpdateJob(ctx, job);
    const before = job.dueDate;
    ctx.manager(JobManager).track(job).dueDate = this.dueDate;
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'SetDueDate',
      entityType: 'Job',
      category: OPERATION_CATEGORY.operator,
      changes: [
        { property: 'duedate', orgValue: before?.getTime() ?? null, newValue: this.dueDate?.getTime() ?? null },
      ],
      jobId: job.id,
      jobDefinitionId: job.jobDefinitionId,
      processInstanceId: job.processInstanceId,
      processDefinitionId: job.processDefinitionId,
      processDefinitionKey: job.processDefinitionKey,
      tenantId: job.tenantId,
    });
  }
}
