import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { JobManager } from '../../entities/job.manager';
import { NotFoundError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { checkUpdateJob } from './job-permissions';

/** managementService.setJobPriority. */
export class SetJobPriorityCmd implements Command<void> {
  constructor(
    private readonly jobId: string,
    private readonly priority: number,
  ) {}

  async execute(ctx: CommandContext): Promise<void> {
    const job = await ctx.em.getRepository(JobEntity).findOneBy({ id: this.jobId });
    if (!job) throw new NotFoundError(`No job found with id '${this.jobId}'`);
    await checkUpdateJob(ctx, job);
    const before = job.priority;
    ctx.manager(JobManager).track(job).priority = this.priority;
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'SetPriority',
      entityType: 'Job',
      category: OPERATION_CATEGORY.operator,
      changes: [{ property: 'priority', orgValue: before, newValue: this.priority }],
      jobId: job.id,
      jobDefinitionId: job.jobDefinitionId,
      processInstanceId: job.processInstanceId,
      processDefinitionId: job.processDefinitionId,
      processDefinitionKey: job.processDefinitionKey,
      tenantId: job.tenantId,
    });
  }
}
