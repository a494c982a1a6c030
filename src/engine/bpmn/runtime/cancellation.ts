import { In } from 'typeorm';
import { EventSubscriptionEntity } from '../../../persistence/entities/runtime/event-subscription.entity';
import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { IncidentEntity } from '../../../persistence/entities/runtime/incident.entity';
import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { ActivityInstanceState, ProcessInstanceEndState } from '../../history/process-history-writer';
import { FlowNode } from '../model';
import { resolveActivity } from './activity-ref';
import type { CommandContext } from './command-context';
import { fireListeners } from './execution-listeners';
import { finishProcessInstance } from './instance-end';
import { ProcessInstanceState } from './process-instance-state';

export interface CancelOptions {
  /** Whether end listeners of the canceled activities are skipped. */
  skipCustomListeners?: boolean;
  /** The state called instances get when their call activity is canceled. */
  calledInstanceState: ProcessInstanceEndState;
  reason: string | null;
}

export function hasExternalTask(node: FlowNode): boolean {
  if ('externalTask' in node && node.externalTask) return true;
  return 'eventDefinition' in node && node.eventDefinition?.kind === 'message' && node.eventDefinition.externalTask != null;
}

/**
 * Cancels what the given executions are doing, deepest first: their activity instances end as
 * canceled, their tasks, external tasks, subscriptions, jobs and incidents go, and instances they
 * called are canceled with them. The executions themselves stay; see `removeExecutions`.
 */
export async function cancelActivities(
  ctx: CommandContext,
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
    if (!opts.skipCustomListeners && !ref.isBody) {
      fireListeners(ctx, e, ref.node.executionListeners, 'end');
    }
    ctx.history.activityEnded(e.activityInstanceId, { state: ActivityInstanceState.CANCELED });
    if (ref.isBody) continue;
    if (ref.node.type === 'userTask') {
      for (const task of await ctx.tasksOf(instance)) if (task.executionId === e.id) ctx.deleteTask(instance, task);
    }
    if (hasExternalTask(ref.node)) {
      for (const task of await ctx.externalTasksOf(instance)) if (task.executionId === e.id) ctx.deleteExternalTask(instance, task);
    }
    if (ref.node.type === 'callActivity') {
      const called = await ctx.calledInstanceOf(e.id);
      if (called && !called.ended) await cancelProcessInstance(ctx, called, { ...opts, state: opts.calledInstanceState, continueCaller: false });
    }
  }
  if (rowsByExecution && ids.length) {
    ctx.uow.statement(async (em) => {
      await em.getRepository(EventSubscriptionEntity).delete({ executionId: In(ids) });
      await em.getRepository(JobEntity).delete({ executionId: In(ids) });
      await em.getRepository(IncidentEntity).delete({ executionId: In(ids) });
    });
  }
  ctx.touch(instance);
}

/** Removes executions with everything below them, children first. */
export function removeExecutions(ctx: CommandContext, instance: ProcessInstanceState, executions: ExecutionEntity[]): void {
  for (const e of [...executions].reverse()) if (instance.executions.get(e.id) === e) ctx.removeExecution(instance, e);
}

/** An execution with everything below it, parents first. */
export function subtree(instance: ProcessInstanceState, execution: ExecutionEntity): ExecutionEntity[] {
  return [execution, ...instance.descendants(execution)];
}

/** Cancels and removes whole subtrees. */
export async function cancelSubtrees(ctx: CommandContext, instance: ProcessInstanceState, roots: ExecutionEntity[], opts: CancelOptions): Promise<void> {
  const all = roots.flatMap((r) => subtree(instance, r));
  await cancelActivities(ctx, instance, all, opts);
  removeExecutions(ctx, instance, all);
}

export interface InstanceCancelOptions extends CancelOptions {
  state: ProcessInstanceEndState;
  /** Whether a calling instance continues (its call activity completes) when this one goes. */
  continueCaller: boolean;
}

export async function cancelProcessInstance(ctx: CommandContext, instance: ProcessInstanceState, opts: InstanceCancelOptions): Promise<void> {
  instance.deleting = true;
  const all = subtree(instance, instance.root);
  await cancelActivities(ctx, instance, all, opts, false);
  ctx.uow.statement(async (em) => {
    await em.getRepository(EventSubscriptionEntity).delete({ processInstanceId: instance.id });
    await em.getRepository(JobEntity).delete({ processInstanceId: instance.id });
    await em.getRepository(IncidentEntity).delete({ processInstanceId: instance.id });
  });
  await finishProcessInstance(ctx, instance, {
    state: opts.state, endActivityId: null, deleteReason: opts.reason, passOutputs: false, continueCaller: opts.continueCaller,
  });
}
