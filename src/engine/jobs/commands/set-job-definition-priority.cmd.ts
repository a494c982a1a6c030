import { JobDefinitionEntity } from '../../../persistence/entities/runtime/job-definition.entity';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { JobDefinitionManager } from '../../entities/job-definition.manager';
import { JobManager } from '../../entities/job.manager';
import { NotFoundError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { checkUpdateDefinition, checkUpdateInstancesOf } from './job-permissions';

/**
 * managementService.setOverridingJobPriorityForJobDefinition / clearOverridingJobPriorityForJobDefinition: jobs
 * created from now on get the priority; with `includeJobs` the existing ones too. Null clears it (existing jobs keep
 * theirs).
 */
export class SetJobDefinitionPriorityCmd implements Command<void> {
  constructor(
    private readonly jobDefinitionId: string,
    private readonly priority: number | null,
    private readonly includeJobs: boolean,
  ) {}

  async execute(ctx: CommandContext): Promise<void> {
    const definition = await ctx.em.getRepository(JobDefinitionEntity).findOneBy({ id: this.jobDefinitionId });
    if (!definition) throw new NotFoundError(`Job definition with id '${this.jobDefinitionId}' does not exist`);
    if (definition.processDefinitionKey) {
      await checkUpdateDefinition(ctx, definition.processDefinitionKey);
      if (this.includeJobs && this.priority != null) await checkUpdateInstancesOf(ctx, definition.processDefinitionKey);
    }
    const before = definition.overridingJobPriority;
    ctx.manager(JobDefinitionManager).setOverridingJobPriority(definition, this.priority);
    if (this.includeJobs && this.priority != null)
      ctx.manager(JobManager).setPriorityOfJobDefinition(definition.id, this.priority);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'SetPriority',
      entityType: 'JobDefinition',
      category: OPERATION_CATEGORY.operator,
      changes: [{ property: 'overridingPriority', orgValue: before, newValue: this.priority }],
      jobDefinitionId: definition.id,
      processDefinitionId: definition.processDefinitionId,
      processDefinitionKey: definition.processDefinitionKey,
      tenantId: definition.tenantId,
    });
  }
}
