import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { JobDefinitionEntity } from '../../../persistence/entities/runtime/job-definition.entity';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { JobDefinitionManager, SUSPENSION } from '../../entities/job-definition.manager';
import { JobManager, JobSelector } from '../../entities/job.manager';
import { ProcessEngineError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { checkUpdateDefinition, checkUpdateInstancesOf } from './job-permissions';

/** Which job definitions: one by id, or those of a process definition (by id, or by key, maybe of one tenant). */
export interface JobDefinitionSelector {
  jobDefinitionId?: string;
  processDefinitionId?: string;
  processDefinitionKey?: string;
  /** With a key only: undefined for every tenant, null for definitions without one. */
  processDefinitionTenantId?: string | null;
}

/**
 * managementService.updateJobDefinitionSuspensionState (Camunda's AbstractSetJobDefinitionStateCmd): the job
 * definitions, a process definition's start timers with them, and with `includeJobs` their jobs.
 */
export class SetJobDefinitionStateCmd implements Command<void> {
  constructor(
    private readonly selector: JobDefinitionSelector,
    private readonly suspend: boolean,
    private readonly includeJobs: boolean,
  ) {}

  async execute(ctx: CommandContext): Promise<void> {
    const { jobDefinitionId, processDefinitionId, processDefinitionKey } = this.selector;
    if (jobDefinitionId == null && processDefinitionId == null && processDefinitionKey == null)
      throw new ProcessEngineError(
        'Job definition id, process definition id nor process definition key cannot be null',
      );
    const state = this.suspend ? SUSPENSION.suspended : SUSPENSION.active;
    const definitions = ctx.manager(JobDefinitionManager);
    const jobs = ctx.manager(JobManager);
    let jobSelector: JobSelector;
    if (jobDefinitionId != null) {
      const definition = await ctx.em.getRepository(JobDefinitionEntity).findOneBy({ id: jobDefinitionId });
      if (definition?.processDefinitionKey) await this.checkAuthorization(ctx, definition.processDefinitionKey);
      if (definition) definitions.setSuspensionState(definition, state);
      jobSelector = { jobDefinitionId };
    } else {
      const key = processDefinitionKey ?? (await this.keyOf(ctx, processDefinitionId!));
      if (key) await this.checkAuthorization(ctx, key);
      const byDefinition =
        processDefinitionId != null
          ? { processDefinitionId }
          : {
              processDefinitionKey: processDefinitionKey!,
              ...(this.selector.processDefinitionTenantId !== undefined
                ? { tenantId: this.selector.processDefinitionTenantId }
                : {}),
            };
      definitions.setSuspensionWhere(byDefinition, state);
      jobs.setSuspension({ ...byDefinition, handlerType: 'timer-start-event' }, state);
      jobSelector = byDefinition;
    }
    if (this.includeJobs) jobs.setSuspension(jobSelector, state);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: this.suspend ? 'SuspendJobDefinition' : 'ActivateJobDefinition',
      entityType: 'JobDefinition',
      category: OPERATION_CATEGORY.operator,
      changes: [{ property: 'suspensionState', orgValue: null, newValue: this.suspend ? 'suspended' : 'active' }],
      jobDefinitionId: jobDefinitionId ?? null,
      processDefinitionId: processDefinitionId ?? null,
      processDefinitionKey: processDefinitionKey ?? null,
    });
  }

  private async checkAuthorization(ctx: CommandContext, key: string): Promise<void> {
    await checkUpdateDefinition(ctx, key);
    if (this.includeJobs) await checkUpdateInstancesOf(ctx, key);
  }

  private async keyOf(ctx: CommandContext, processDefinitionId: string): Promise<string | null> {
    const found = await ctx.em
      .getRepository(ProcessDefinitionEntity)
      .findOne({ where: { id: processDefinitionId }, select: { id: true, key: true } });
    return found?.key ?? null;
  }
}
