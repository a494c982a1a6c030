import { BatchEntity } from '../../../persistence/entities/runtime/batch.entity';
import { Resources } from '../../authorization/resources';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { HistoryLevel } from '../../options';
import { OPERATION_CATEGORY, PropertyChange } from '../../command/user-operation';
import { newId } from '../../util/ids';
import { insertBatchJob } from '../batch-jobs';
import { BATCH_JOB_HANDLER, BATCH_TYPE, BatchConfiguration } from '../batch-types';
import { HistoryLogManager } from '../../history/history-log.manager';
import { BatchManager } from '../batch.manager';

export interface BatchSizes {
  batchJobsPerSeed: number;
  invocationsPerBatchJob: number;
  historyLevel: HistoryLevel;
}

/** The permission on Batch that allows starting one batch type besides CREATE (Camunda's CREATE_BATCH_...). */
const CREATE_BATCH: Record<string, string> = {
  [BATCH_TYPE.setExternalTaskRetries]: 'CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES',
  [BATCH_TYPE.setJobRetries]: 'CREATE_BATCH_SET_JOB_RETRIES',
  [BATCH_TYPE.historicDecisionInstanceDeletion]: 'CREATE_BATCH_DELETE_DECISION_INSTANCES',
  [BATCH_TYPE.decisionSetRemovalTime]: 'CREATE_BATCH_SET_REMOVAL_TIME',
  [BATCH_TYPE.batchSetRemovalTime]: 'CREATE_BATCH_SET_REMOVAL_TIME',
  [BATCH_TYPE.historicProcessInstanceDeletion]: 'CREATE_BATCH_DELETE_FINISHED_PROCESS_INSTANCES',
  [BATCH_TYPE.processInstanceDeletion]: 'CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES',
  [BATCH_TYPE.processInstanceModification]: 'CREATE_BATCH_MODIFY_PROCESS_INSTANCES',
  [BATCH_TYPE.processSetRemovalTime]: 'CREATE_BATCH_SET_REMOVAL_TIME',
  [BATCH_TYPE.processInstanceSuspension]: 'CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND',
  [BATCH_TYPE.processInstanceRestart]: 'CREATE_BATCH_RESTART_PROCESS_INSTANCES',
  [BATCH_TYPE.setVariables]: 'CREATE_BATCH_SET_VARIABLES',
  [BATCH_TYPE.correlateMessage]: 'CREATE_BATCH_CORRELATE_MESSAGE',
  [BATCH_TYPE.processInstanceMigration]: 'CREATE_BATCH_MIGRATE_PROCESS_INSTANCES',
};

/** What the log shows of a migration batch's plan. */
type MigrationPlanParameter = { sourceProcessDefinitionId: string; targetProcessDefinitionId: string };

type Operation = { operationType: string; entityType: string };

/** How the user operation log names the operation a batch of each type does (Camunda's operation and entity types). */
const OPERATION: Record<string, Operation | ((parameters: Record<string, unknown>) => Operation)> = {
  [BATCH_TYPE.setExternalTaskRetries]: { operationType: 'SetExternalTaskRetries', entityType: 'ExternalTask' },
  [BATCH_TYPE.setJobRetries]: { operationType: 'SetJobRetries', entityType: 'Job' },
  [BATCH_TYPE.historicDecisionInstanceDeletion]: { operationType: 'DeleteHistory', entityType: 'DecisionInstance' },
  [BATCH_TYPE.decisionSetRemovalTime]: { operationType: 'SetRemovalTime', entityType: 'DecisionInstance' },
  [BATCH_TYPE.batchSetRemovalTime]: { operationType: 'SetRemovalTime', entityType: 'Batch' },
  [BATCH_TYPE.historicProcessInstanceDeletion]: { operationType: 'DeleteHistory', entityType: 'ProcessInstance' },
  // Camunda logs the suspension of instances under the operation types of a job's suspension.
  [BATCH_TYPE.processInstanceSuspension]: (p) => ({
    operationType: p.suspended === true ? 'SuspendJob' : 'ActivateJob',
    entityType: 'ProcessInstance',
  }),
  [BATCH_TYPE.processInstanceMigration]: { operationType: 'Migrate', entityType: 'ProcessInstance' },
};

/**
 * Starts a batch: its row, its historic batch and its seed job, which the job executor runs. Needs CREATE or the
 * type's CREATE_BATCH_... on Batch; the targets were selected (and checked) by the caller and are not empty.
 */
export class CreateBatchCmd implements Command<BatchEntity, RuntimeContext> {
  constructor(
    private readonly type: string,
    private readonly configuration: BatchConfiguration,
    private readonly sizes: BatchSizes,
  ) {}

  async execute(ctx: RuntimeContext): Promise<BatchEntity> {
    const specific = CREATE_BATCH[this.type];
    await ctx.checkPermissions([
      { permission: 'CREATE', resource: Resources.BATCH },
      ...(specific ? [{ permission: specific, resource: Resources.BATCH }] : []),
    ]);
    const invocations = Math.max(1, this.sizes.invocationsPerBatchJob);
    const batch = Object.assign(new BatchEntity(), {
      id: newId(),
      rev: 1,
      type: this.type,
      totalJobs: Math.ceil(this.configuration.ids.length / invocations),
      jobsCreated: 0,
      batchJobsPerSeed: Math.max(1, this.sizes.batchJobsPerSeed),
      invocationsPerBatchJob: invocations,
      seedJobDefinitionId: newId(),
      monitorJobDefinitionId: newId(),
      batchJobDefinitionId: newId(),
      configuration: JSON.stringify(this.configuration),
      suspensionState: 1,
      tenantId: null,
      createUserId: ctx.auth?.userId ?? null,
      startTime: ctx.now(),
      executionStartTime: null,
    });
    ctx.manager(BatchManager).insert(batch, this.sizes.historyLevel !== 'none');
    const named = OPERATION[this.type];
    const operation = typeof named === 'function' ? named(this.configuration.parameters) : named;
    if (operation) {
      const plan = this.configuration.parameters.migrationPlan as MigrationPlanParameter | undefined;
      const changes: PropertyChange[] = [
        ...(plan
          ? [
              {
                property: 'processDefinitionId',
                orgValue: plan.sourceProcessDefinitionId,
                newValue: plan.targetProcessDefinitionId,
              },
            ]
          : []),
        { property: 'nrOfInstances', newValue: this.configuration.ids.length },
        { property: 'async', newValue: true },
      ];
      if (this.configuration.parameters.retries != null)
        changes.push({ property: 'retries', newValue: this.configuration.parameters.retries });
      ctx.manager(HistoryLogManager).userOperation({
        ...operation,
        category: OPERATION_CATEGORY.operator,
        batchId: batch.id,
        processDefinitionId: plan?.sourceProcessDefinitionId ?? null,
        changes,
      });
    }
    insertBatchJob(ctx, batch, {
      handlerType: BATCH_JOB_HANDLER.seed,
      handlerConfiguration: batch.id,
      jobDefinitionId: batch.seedJobDefinitionId,
    });
    return batch;
  }
}
