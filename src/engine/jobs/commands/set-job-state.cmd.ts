import { JobDefinitionEntity } from '../../../persistence/entities/runtime/job-definition.entity';
import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { SUSPENSION } from '../../entities/job-definition.manager';
import { JobManager, JobSelector } from '../../entities/job.manager';
import { ProcessEngineError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { checkUpdateInstanceById, checkUpdateInstancesOf, checkUpdateJob } from './job-permissions';

/** Which jobs: one by id, those of a job definition, of a process instance, or of a process definition (id or key). */
export interface JobStateSelector {
  jobId?: string;
  jobDefinitionId?: string;
  processInstanceId?: string;
  processDefinitionId?: string;
  processDefinitionKey?: string;
  /** With a key only: undefined for every tenant, null for definitions without one. */
  processDefinitionTenantId?: string | null;
}

/** managementService.updateJobSuspensionState (Camunda's AbstractSetJobStateCmd). */
export class SetJobStateCmd implements Command<void> {
  constructor(
    private readonly selector: JobStateSelector,
    private readonly suspend: boolean,
  ) {}

  async execute(ctx: CommandContext): Promise<void> {
    const s = this.selector;
    if (
      s.jobId == null &&
      s.jobDefinitionId == null &&
      s.processInstanceId == null &&
      s.processDefinitionId == null &&
      s.processDefinitionKey == null
    ) {
      throw new ProcessEngineError(
        'Job id, job definition id, process instance id, process definition id nor process definition key cannot be null',
      );
    }
    const where = await this.authorizedSelection(ctx);
    const state = this.suspend ? SUSPENSION.suspended : SUSPENSION.active;
    ctx.manager(JobManager).setSuspension(where, state);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: this.suspend ? 'SuspendJob' : 'ActivateJob',
      entityType: 'Job',
      category: OPERATION_CATEGORY.operator,
      changes: [{ property: 'suspensionState', orgValue: null, newValue: this.suspend ? 'suspended' : 'active' }],
      jobId: s.jobId ?? null,
      jobDefinitionId: s.jobDefinitionId ?? null,
      processInstanceId: s.processInstanceId ?? null,
      processDefinitionId: s.processDefinitionId ?? null,
      processDefinitionKey: s.processDefinitionKey ?? null,
    });
  }

  /** Checks what Camunda checks for the selection, and returns the jobs' selector. */
  private async authorizedSelection(ctx: CommandContext): Promise<JobSelector> {
    const s = this.selector;
    if (s.jobId != null) {
      const job = await ctx.em.getRepository(JobEntity).findOneBy({ id: s.jobId });
      if (job) await checkUpdateJob(ctx, job);
      return { id: s.jobId };
    }
    if (s.jobDefinitionId != null) {
      const definition = await ctx.em.getRepository(JobDefinitionEntity).findOneBy({ id: s.jobDefinitionId });
      if (definition?.processDefinitionKey) await checkUpdateInstancesOf(ctx, definition.processDefinitionKey);
      return { jobDefinitionId: s.jobDefinitionId };
    }
    if (s.processInstanceId != null) {
      const instance = await ctx.em
        .getRepository(ExecutionEntity)
        .findOne({ where: { id: s.processInstanceId }, select: { id: true, processDefinitionId: true } });
      const key = instance ? await this.keyOf(ctx, instance.processDefinitionId) : null;
      if (key) await checkUpdateInstanceById(ctx, s.processInstanceId, key);
      return { processInstanceId: s.processInstanceId };
    }
    if (s.processDefinitionId != null) {
      const key = await this.keyOf(ctx, s.processDefinitionId);
      if (key) await checkUpdateInstancesOf(ctx, key);
      return { processDefinitionId: s.processDefinitionId };
    }
    await checkUpdateInstancesOf(ctx, s.processDefinitionKey!);
    return {
      processDefinitionKey: s.processDefinitionKey!,
      ...(s.processDefinitionTenantId !== undefined ? { tenantId: s.processDefinitionTenantId } : {}),
    };
  }

  private async keyOf(ctx: CommandContext, processDefinitionId: string | null): Promise<string | null> {
    if (!processDefinitionId) return null;
    const found = await ctx.em
      .getRepository(ProcessDefinitionEntity)
      .findOne({ where: { id: processDefinitionId }, select: { id: true, key: true } });
    return found?.key ?? null;
  }
}
