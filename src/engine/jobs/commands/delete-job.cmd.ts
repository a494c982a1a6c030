import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { JobManager } from '../../entities/job.manager';
import { ConflictError, NotFoundError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { jobLogContext } from '../job-log-context';
import { checkUpdateJob } from './job-permissions';

/** managementService.deleteJob: a job that an executor holds locked is not deleted (it may be running right now). */
export class DeleteJobCmd implements Command<void> {
  constructor(private readonly jobId: string) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const job = await ctx.em.getRepository(JobEntity).findOneBy({ id: this.jobId });
    if (!job) throw new NotFoundError(`No job found with id '${this.jobId}': job is null`);
    await checkUpdateJob(ctx, job);
    if (job.lockOwner != null)
      throw new ConflictError(
        'Cannot delete job when the job is being executed. Try again later.',
        'ProcessEngineException',
      );
    const history = ctx.manager(HistoryLogManager);
    ctx.manager(JobManager).deleteOne(job, history.enabled ? await jobLogContext(ctx, job) : {});
    history.userOperation({
      operationType: 'Delete',
      entityType: 'Job',
      category: OPERATION_CATEGORY.operator,
      jobId: job.id,
      jobDefinitionId: job.jobDefinitionId,
      processInstanceId: job.processInstanceId,
      processDefinitionId: job.processDefinitionId,
      processDefinitionKey: job.processDefinitionKey,
      tenantId: job.tenantId,
    });
  }
}
