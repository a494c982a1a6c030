import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { BadUserRequestError, NotFoundError } from '../../errors';
import { Command } from '../../command/command';
import { checkUpdateInstance } from '../../bpmn/runtime/runtime-authorization';
import { JobManager } from '../../entities/job.manager';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { HistoryLogManager } from '../../history/history-log.manager';

/**
 * managementService.setJobRetries: retries back above 0 resolve the failedJob incident (and the job
 * may run at once); 0 opens one, as running out of retries would.
 */
export class SetJobRetriesCmd implements Command<void> {
  constructor(
    private readonly jobId: string,
    private readonly retries: number,
    private readonly dueDate: Date | null = null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    if (!Number.isInteger(this.retries) || this.retries < 0) {
      throw new BadUserRequestError(
        `The number of job retries must be a non-negative Integer, but '${this.retries}' has been provided.`,
      );
    }
    const job = await ctx.em.getRepository(JobEntity).findOneBy({ id: this.jobId });
    if (!job) throw new NotFoundError(`No job found with id '${this.jobId}'.`);
    if (job.processInstanceId && job.processDefinitionKey) {
      await checkUpdateInstance(ctx, { id: job.processInstanceId, definitionKey: job.processDefinitionKey });
    }
    const before = job.retries;
    ctx.manager(JobManager).setRetries(job, this.retries, this.dueDate);
    const instance = job.processInstanceId ? ctx.instances.get(job.processInstanceId) : undefined;
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'SetJobRetries',
      entityType: 'Job',
      category: OPERATION_CATEGORY.operator,
      changes: [{ property: 'retries', orgValue: before, newValue: this.retries }],
      jobId: job.id,
      jobDefinitionId: job.jobDefinitionId,
      processInstanceId: job.processInstanceId,
      processDefinitionId: job.processDefinitionId,
      processDefinitionKey: job.processDefinitionKey,
      rootProcessInstanceId: instance ? (instance.root.rootProcessInstanceId ?? instance.id) : null,
      tenantId: job.tenantId,
    });
  }
}
