import { In } from 'typeorm';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { NotFoundError } from '../errors';
import { ProcessHistoryManager } from '../history/process-history.manager';
import { DeleteProcessInstanceCmd } from '../instances/commands/delete-process-instance.cmd';
import { RestartOptions, RestartProcessInstancesCmd } from '../instances/commands/restart-process-instances.cmd';
import {
  ModifyProcessInstanceCmd,
  ProcessInstanceModification,
} from '../instances/commands/modify-process-instance.cmd';
import { BatchOperation, DAY_MS, RemovalTimeMode } from './batch-types';
import { checkedPlan, migrateProcessInstances } from '../migration/commands/migrate-process-instances.cmd';
import { PlanRequest } from '../migration/commands/migration-plan.cmd';
import { VariableMap } from '../variables/typed-value';
import {
  ACTIVE,
  rootsOf,
  setInstancesSuspension,
  SUSPENDED,
} from '../instances/commands/process-instance-suspension.cmd';

/** What an instance-deletion batch was asked to do besides deleting (Camunda's DeleteProcessInstanceBatchConfiguration). */
export interface InstanceDeletionParameters {
  deleteReason: string | null;
  skipCustomListeners: boolean;
  skipSubprocesses: boolean;
  skipIoMappings: boolean;
  failIfNotExists: boolean;
}

/**
 * Running process instances, as runtimeService.deleteProcessInstances(IfExists) does: one that is gone fails the job
 * (failIfNotExists, the default) or is left alone. Batch jobs run without a user, as Camunda's do: the caller's
 * permission was CREATE on Batch when the batch started.
 */
export const deleteProcessInstances: BatchOperation = async (ctx, targets, parameters) => {
  const p = parameters as unknown as InstanceDeletionParameters;
  const existing = new Set(
    (
      await ctx.em
        .getRepository(ExecutionEntity)
        .find({ select: { id: true, processInstanceId: true }, where: { id: In(targets) } })
    )
      .filter((e) => e.id === e.processInstanceId)
      .map((e) => e.id),
  );
  for (const id of targets) {
    if (!existing.has(id) || ctx.instances.get(id)?.ended) {
      if (p.failIfNotExists)
        throw new NotFoundError(`No process instance found for id '${id}': processInstance is null`);
      continue;
    }
    const options = {
      reason: p.deleteReason,
      skipCustomListeners: p.skipCustomListeners,
      skipSubprocesses: p.skipSubprocesses,
      skipIoMappings: p.skipIoMappings,
    };
    await new DeleteProcessInstanceCmd(id, options).execute(ctx);
  }
};

/**
 * Removal time of historic process instances and every row recorded under them (Camunda's
 * ProcessSetRemovalTimeJobHandler):
 * a date, none, or end time plus the definition's history time to live (strategy end: null while running).
 * Hierarchical: the whole tree under the instance's root gets the root's.
 */
export const setProcessRemovalTime: BatchOperation = async (ctx, targets, parameters) => {
  const mode = parameters.removalTime as RemovalTimeMode;
  const repo = ctx.em.getRepository(HistoricProcessInstanceEntity);
  const instances = await repo.findBy({ id: In(targets) });
  const roots = new Map<string, HistoricProcessInstanceEntity>();
  if (parameters.hierarchical) {
    const rootIds = [...new Set(instances.map((i) => i.rootProcessInstanceId ?? i.id))];
    for (const r of await repo.findBy({ id: In(rootIds) })) roots.set(r.id, r);
  }
  const ttlOf = new Map<string, number | null>();
  if (mode.mode === 'calculated') {
    const definitionIds = [...new Set([...instances, ...roots.values()].map((i) => i.processDefinitionId))];
    for (const d of await ctx.em.getRepository(ProcessDefinitionEntity).findBy({ id: In(definitionIds) }))
      ttlOf.set(d.id, d.historyTimeToLive ?? null);
  }
  const removalTimeOf = (instance: HistoricProcessInstanceEntity): Date | null => {
    if (mode.mode === 'absolute') return new Date(mode.removalTime);
    if (mode.mode === 'cleared' || !instance.endTime) return null;
    const ttl = ttlOf.get(instance.processDefinitionId);
    return ttl == null ? null : new Date(instance.endTime.getTime() + ttl * DAY_MS);
  };
  for (const instance of instances) {
    const root = parameters.hierarchical ? roots.get(instance.rootProcessInstanceId ?? instance.id) : undefined;
    const history = ctx.manager(ProcessHistoryManager);
    if (root) history.setRemovalTime({ rootProcessInstanceIds: [root.id] }, removalTimeOf(root));
    else history.setRemovalTime({ processInstanceIds: [instance.id] }, removalTimeOf(instance));
  }
};

/**
 * Suspends or activates running process instances (Camunda's UpdateProcessInstancesSuspendStateJobHandler); one no
 * longer running is left alone. The caller's permission was checked when the batch started.
 */
export const setProcessInstancesSuspension: BatchOperation = async (ctx, targets, parameters) => {
  await setInstancesSuspension(ctx, await rootsOf(ctx, targets), parameters.suspended === true ? SUSPENDED : ACTIVE);
};

/**
 * Restarts its share of the instances (Camunda's RestartProcessInstancesJobHandler): the batch's creation checked the
 * caller and wrote the log entry; an instance that cannot be restarted fails the job.
 */
export const restartProcessInstances: BatchOperation = async (ctx, targets, parameters) => {
  await new RestartProcessInstancesCmd(parameters as unknown as RestartOptions, targets, true).execute(ctx);
};

/** Dates of the plan's variables come back from the batch's JSON as strings. */
function revivedVariables(variables: VariableMap | null): VariableMap | null {
  if (!variables) return null;
  const out: VariableMap = {};
  for (const [name, v] of Object.entries(variables))
    out[name] = v.type === 'date' && typeof v.value === 'string' ? { ...v, value: new Date(v.value) } : v;
  return out;
}

/**
 * Migrates the instances of a migration batch (Camunda's MigrationBatchJobHandler): the plan is checked again against
 * the definitions as they are now; the caller's permissions were checked when the batch started.
 */
export const migrateProcessInstancesOfBatch: BatchOperation = async (ctx, targets, parameters) => {
  const plan = parameters.migrationPlan as PlanRequest;
  const resolved = await checkedPlan(ctx, plan, false);
  await migrateProcessInstances(ctx, resolved, revivedVariables(plan.variables), targets);
};

/**
 * Modifies each instance as its batch was told (Camunda's ModificationBatchJobHandler): without a log entry of its
 * own, the batch's stands for them. An instance gone meanwhile fails the job, as in Camunda.
 */
export const modifyProcessInstances: BatchOperation = async (ctx, targets, parameters) => {
  const p = parameters as unknown as Omit<ProcessInstanceModification, 'processInstanceId'>;
  for (const processInstanceId of targets)
    await new ModifyProcessInstanceCmd({ ...p, processInstanceId, writeOperationLog: false }).execute(ctx);
};
