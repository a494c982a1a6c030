import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ActivityInstanceState, ProcessInstanceEndState } from '../../history/process-history.manager';
import { ExternalTaskManager } from '../../entities/external-task.manager';
import { TaskManager } from '../../entities/task.manager';
import { FlowNode } from '../model';
import { resolveActivity } from './activity-ref';
import type { RuntimeContext } from './runtime-context';
import { fireListeners } from './execution-listeners';
import { finishProcessInstance } from './instance-end';
import { ProcessInstanceState } from './process-instance-state';
import { removeExecutions, subtree } from './subtree';
import { fireTaskDeleted } from './task-listeners';
import { IncidentManager } from '../../incident/incident.manager';
import { EventSubscriptionManager } from '../../entities/event-subscription.manager';
import { JobManager } from '../../entities/job.manager';
import { jobDeletionLog } from './events/deleted-job-log';
import { VariableStore } from './variable-store';

export interface CancelOptions {
  /** Whether end listeners of the canceled activities are skipped. */
  skipCustomListeners?: boolean;
  /** The state called instances get when their call activity is canceled. */
  calledInstanceState: ProcessInstanceEndState;
  reason: string | null;
  /** Whether instances called by canceled call activities stay, on their own (Camunda's skipSubprocesses). */
  skipSubprocesses?: boolean;
}

export function hasExternalTask(node: FlowNode): boolean {
  if ('externalTask' in node && node.externalTask) return true;
  return (
    'eventDefinition' in node && node.eventDefinition?.kind === 'message' && node.eventDefinition.externalTask != null
  );
}

/**
 * Cancels what the given executions are doing, deepest first: their activity instances end as
 * canceled, their tasks, external tasks, subscriptions, jobs and incidents go, and instances they
 * called are canceled with them. The executions themselves stay; see `removeExecutions`.
 */
export async function cancelActivities(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  executions: ExecutionEntity[],
  opts: CancelOptions,
  rowsByExecution = true,
): Promise<void> {
  const seen = new Set<string>();
  const ordered = [...executions].reverse();
  const ids = ordered.map((e) => e.id);
  for (const e of ordered) {
    const ref = resolveActivity(instance.graph, e.activityId);
    if (!ref || !e.activityInstanceId || seen.has(e.activityInstanceId)) continue;
    seen.add(e.activityInstanceId);
    // As Camunda's ExecutionEntity.interrupt: the task goes (its delete listeners) before the activity's end listeners.
    if (!ref.isBody && ref.node.type === 'userTask') {
      for (const task of await ctx.manager(TaskManager).ofInstance(instance.id)) {
        if (task.executionId !== e.id) continue;
        if (!opts.skipCustomListeners) await fireTaskDeleted(ctx, instance, task);
        ctx.manager(TaskManager).delete(task);
        ctx.manager(VariableStore).dropScope(instance, task.id);
      }
    }
    if (!opts.skipCustomListeners && !ref.isBody) {
      await fireListeners(ctx, e, ref.node.executionListeners, 'end', ref.node.id);
    }
    ctx.history.activityEnded(e.activityInstanceId, { state: ActivityInstanceState.CANCELED });
    if (ref.isBody) continue;
    if (hasExternalTask(ref.node)) {
      const externalTasks = ctx.manager(ExternalTaskManager);
      for (const task of await externalTasks.ofInstance(instance.id))
        if (task.executionId === e.id) externalTasks.delete(task, 'cancelled');
    }
    if (ref.node.type === 'callActivity') {
      const called = await ctx.calledInstanceOf(e.id);
      if (called && !called.ended && opts.skipSubprocesses) {
        called.root.superExecutionId = null;
        ctx.touch(called);
      } else if (called && !called.ended)
        await cancelProcessInstance(ctx, called, { ...opts, state: opts.calledInstanceState, continueCaller: false });
    }
  }
  if (rowsByExecution && ids.length) {
    ctx.manager(EventSubscriptionManager).deleteOfExecutions(ids);
    ctx.manager(JobManager).deleteOfExecutions(ids, jobDeletionLog(ctx, instance));
    ctx.manager(IncidentManager).removeOfExecutions(ids);
  }
  ctx.touch(instance);
}

/** Cancels and removes whole subtrees. */
export async function cancelSubtrees(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  roots: ExecutionEntity[],
  opts: CancelOptions,
): Promise<void> {
  const all = roots.flatMap((r) => subtree(instance, r));
  await cancelActivities(ctx, instance, all, opts);
  removeExecutions(ctx, instance, all);
}

export interface InstanceCancelOptions extends CancelOptions {
  state: ProcessInstanceEndState;
  /** Whether a calling instance continues (its call activity completes) when this one goes. */
  continueCaller: boolean;
}

export async function cancelProcessInstance(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  opts: InstanceCancelOptions,
): Promise<void> {
  instance.deleting = true;
  const all = subtree(instance, instance.root);
  await cancelActivities(ctx, instance, all, opts, false);
  ctx.manager(EventSubscriptionManager).deleteOfInstance(instance.id);
  ctx.manager(JobManager).deleteOfInstance(instance.id, jobDeletionLog(ctx, instance));
  ctx.manager(IncidentManager).removeOfInstance(instance.id);
  await finishProcessInstance(ctx, instance, {
    state: opts.state,
    endActivityId: null,
    deleteReason: opts.reason,
    passOutputs: false,
    continueCaller: opts.continueCaller,
  });
}
