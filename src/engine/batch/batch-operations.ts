import { In } from 'typeorm';
import { HistoricBatchEntity } from '../../persistence/entities/history/historic-batch.entity';
import { HistoricDecisionInstanceEntity } from '../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { BadUserRequestError, NotFoundError } from '../errors';
import { BATCH_TYPE, BatchOperation, DAY_MS, JobRetriesParameters, RemovalTimeMode } from './batch-types';
import { ProcessHistoryManager } from '../history/process-history.manager';
import {
  deleteProcessInstances,
  restartProcessInstances,
  migrateProcessInstancesOfBatch,
  setProcessInstancesSuspension,
  modifyProcessInstances,
  setProcessRemovalTime,
} from './process-batch-operations';
import { HistoricBatchManager } from '../history/historic-batch.manager';
import { DecisionHistoryManager } from '../history/decision-history.manager';
import { ExternalTaskManager } from '../entities/external-task.manager';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { SetJobRetriesCmd } from '../jobs/commands/set-job-retries.cmd';
import { ModifyExecutionVariablesCmd } from '../instances/commands/execution-variables.cmd';
import { loadVariables } from './batch-variables';
import { CorrelateMessageCmd } from '../correlation/commands/correlate-message.cmd';

/** The retries of external tasks; a task that is gone fails the job, as Camunda's command does. */
const setRetries: BatchOperation = async (ctx, targets, parameters) => {
  const retries = Number(parameters.retries);
  const tasks = new Map(
    (await ctx.em.getRepository(ExternalTaskEntity).findBy({ id: In(targets) })).map((t) => [t.id, t]),
  );
  const fetchable = new Set<string>();
  for (const id of targets) {
    const task = tasks.get(id);
    if (!task) throw new NotFoundError(`Cannot find external task with id ${id}: externalTask is null`);
    if (ctx.manager(ExternalTaskManager).setRetries(task, retries)) fetchable.add(task.topicName);
  }
  if (fetchable.size) ctx.afterCommit(() => ctx.deps.externalTasksCreated([...fetchable]));
};

/** Historic decision instances with their inputs and outputs; one already gone is left alone. */
const deleteDecisionHistory: BatchOperation = async (ctx, targets) => {
  ctx.manager(DecisionHistoryManager).removeInstances(targets);
};

function removalMode(parameters: Record<string, unknown>): RemovalTimeMode {
  return parameters.removalTime as RemovalTimeMode;
}

/**
 * Removal time of decision instances: a date, none, or evaluation time plus the definition's history time to live.
 * Hierarchical: the instances evaluated with them (same root decision instance) get the root's.
 */
const setDecisionRemovalTime: BatchOperation = async (ctx, targets, parameters) => {
  const repo = ctx.em.getRepository(HistoricDecisionInstanceEntity);
  const instances = await repo.findBy({ id: In(targets) });
  const mode = removalMode(parameters);
  const ttlOf = new Map<string, number | null>();
  if (mode.mode === 'calculated') {
    const defs = await ctx.em
      .getRepository(DecisionDefinitionEntity)
      .findBy({ id: In([...new Set(instances.map((i) => i.decisionDefinitionId))]) });
    for (const d of defs) ttlOf.set(d.id, d.historyTimeToLive ?? null);
  }
  for (const instance of instances) {
    let removal: Date | null = null;
    if (mode.mode === 'absolute') removal = new Date(mode.removalTime);
    if (mode.mode === 'calculated') {
      const ttl = ttlOf.get(instance.decisionDefinitionId);
      removal = ttl == null ? null : new Date(instance.evaluationTime.getTime() + ttl * DAY_MS);
    }
    ctx.manager(DecisionHistoryManager).setRemovalTimeOfInstance(instance, removal, parameters.hierarchical === true);
  }
};

/** Removal time of historic batches: a date, none, or end time plus the history time to live of the batch's type. */
const setBatchRemovalTime: BatchOperation = async (ctx, targets, parameters, ttlOfBatchType) => {
  const mode = removalMode(parameters);
  const batches = await ctx.em.getRepository(HistoricBatchEntity).findBy({ id: In(targets) });
  for (const batch of batches) {
    let removal: Date | null = null;
    if (mode.mode === 'absolute') removal = new Date(mode.removalTime);
    if (mode.mode === 'calculated') {
      const ttl = ttlOfBatchType(batch.type);
      removal = ttl == null || !batch.endTime ? null : new Date(batch.endTime.getTime() + ttl * DAY_MS);
    }
    ctx.manager(HistoricBatchManager).setRemovalTime(batch.id, removal);
  }
};

/**
 * Historic process instances with everything recorded under them (activity, task and variable instances, details,
 * incidents, comments, decision instances); a running one fails the job, as in Camunda; one already gone is left alone.
 */
const deleteHistoricProcessInstances: BatchOperation = async (ctx, targets) => {
  const instances = await ctx.em.getRepository(HistoricProcessInstanceEntity).findBy({ id: In(targets) });
  const running = instances.find((i) => i.endTime == null);
  if (running)
    throw new BadUserRequestError(
      `Process instance is still running, cannot delete historic process instance: ${running.id}`,
    );
  const processInstanceIds = instances.map((i) => i.id);
  ctx.manager(ProcessHistoryManager).removeHistory({ processInstanceIds });
};

/**
 * The retries (and the due date, when one was set) of jobs (Camunda's SetJobRetriesJobHandler), one batch type for
 * jobs chosen by id or by process instance. A job gone since (it ran or its instance ended) is left alone.
 */
const setJobRetries: BatchOperation = async (ctx, targets, parameters) => {
  const p = parameters as unknown as JobRetriesParameters;
  const existing = new Set(
    (await ctx.em.getRepository(JobEntity).find({ select: { id: true }, where: { id: In(targets) } })).map((j) => j.id),
  );
  const dueDate = p.isDueDateSet && p.dueDate ? new Date(p.dueDate) : null;
  for (const id of targets) if (existing.has(id)) await new SetJobRetriesCmd(id, p.retries, dueDate).execute(ctx);
};

/**
 * The batch's variables on each of its process instances (Camunda's BatchSetVariablesHandler); an instance that ended
 * meanwhile fails the job.
 */
const setVariables: BatchOperation = async (ctx, targets, parameters) => {
  const variables = loadVariables(parameters.variables as Parameters<typeof loadVariables>[0]);
  for (const id of targets) await new ModifyExecutionVariablesCmd(id, { modifications: variables }, {}).execute(ctx);
};

/**
 * The batch's message to every waiting subscription of each of its instances (Camunda's
 * MessageCorrelationBatchJobHandler: correlateAll per instance); an instance without one is left alone.
 */
const correlateMessages: BatchOperation = async (ctx, targets, parameters) => {
  const variables = loadVariables(parameters.variables as Parameters<typeof loadVariables>[0]);
  const messageName = String(parameters.messageName);
  for (const processInstanceId of targets)
    await new CorrelateMessageCmd({ messageName, processInstanceId, all: true, processVariables: variables }).execute(
      ctx,
    );
};

export type { BatchOperation };

export const BATCH_OPERATIONS: ReadonlyMap<string, BatchOperation> = new Map<string, BatchOperation>([
  [BATCH_TYPE.setExternalTaskRetries, setRetries],
  [BATCH_TYPE.setJobRetries, setJobRetries],
  [BATCH_TYPE.historicDecisionInstanceDeletion, deleteDecisionHistory],
  [BATCH_TYPE.decisionSetRemovalTime, setDecisionRemovalTime],
  [BATCH_TYPE.batchSetRemovalTime, setBatchRemovalTime],
  [BATCH_TYPE.historicProcessInstanceDeletion, deleteHistoricProcessInstances],
  [BATCH_TYPE.processInstanceDeletion, deleteProcessInstances],
  [BATCH_TYPE.processSetRemovalTime, setProcessRemovalTime],
  [BATCH_TYPE.processInstanceSuspension, setProcessInstancesSuspension],
  [BATCH_TYPE.processInstanceRestart, restartProcessInstances],
  [BATCH_TYPE.setVariables, setVariables],
  [BATCH_TYPE.correlateMessage, correlateMessages],
  [BATCH_TYPE.processInstanceMigration, migrateProcessInstancesOfBatch],
  [BATCH_TYPE.processInstanceModification, modifyProcessInstances],
]);
