import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { ExternalTaskManager } from '../../../entities/external-task.manager';
import { TaskManager } from '../../../entities/task.manager';
import { resolveActivity } from '../activity-ref';
import type { RuntimeContext } from '../runtime-context';
import { createConcurrentExecution } from '../execution-tree';
import { ProcessInstanceState } from '../process-instance-state';
import { gatewayTargets } from './graph-events';
import { IncidentManager } from '../../../incident/incident.manager';
import { EventSubscriptionManager } from '../../../entities/event-subscription.manager';
import { JobManager } from '../../../entities/job.manager';
import { EventContext } from './event-context';

/** The activities whose rows hang off an execution that waits at `activityId` (a gateway waits for its targets). */
export function rowActivities(instance: ProcessInstanceState, activityId: string | null): Set<string> {
  const out = new Set<string>();
  if (!activityId) return out;
  out.add(activityId);
  const ref = resolveActivity(instance.graph, activityId);
  if (ref && !ref.isBody && ref.node.type === 'eventBasedGateway')
    for (const t of gatewayTargets(instance.graph, ref.node)) out.add(t.node.id);
  return out;
}

/**
 * A scope execution that is its own token becomes the parent of concurrent tokens (the reverse of
 * compaction): a new concurrent child takes over its activity with everything hanging off it
 * (scope children, tasks, external tasks, that activity's subscriptions, jobs, incidents). What
 * belongs to the scope itself stays: its variables, the subscriptions of its event sub-processes
 * and of the boundary events of the activity that owns it.
 */
export async function expandScope(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scope: ExecutionEntity,
): Promise<void> {
  const moved = createConcurrentExecution(ctx, instance, scope);
  moved.activityId = scope.activityId;
  moved.activityInstanceId = scope.activityInstanceId;
  moved.isActive = scope.isActive;
  for (const child of instance.children(scope)) if (child !== moved) instance.reparent(child, moved.id);
  const from = scope.id;
  const to = moved.id;
  for (const task of await ctx.manager(TaskManager).ofInstance(instance.id))
    if (task.executionId === from) task.executionId = to;
  for (const task of await ctx.manager(ExternalTaskManager).ofInstance(instance.id))
    if (task.executionId === from) task.executionId = to;
  for (const [scopeId, vars] of instance.variables) {
    if (scopeId === from) continue;
    for (const v of vars.values()) if (v.executionId === from) v.executionId = to;
  }
  // An instance called from here keeps its caller: the activity moved to the new token.
  if (resolveActivity(instance.graph, scope.activityId)?.node.type === 'callActivity') {
    const called = await ctx.calledInstanceOf(from);
    if (called && !called.ended) {
      called.root.superExecutionId = to;
      ctx.touch(called);
    }
  }
  const activities = rowActivities(instance, scope.activityId);
  if (activities.size) {
    ctx.manager(EventContext).repointCreated(from, to, activities);
    const ids = [...activities];
    ctx.manager(IncidentManager).repoint(from, to, ids);
    ctx.manager(EventSubscriptionManager).repoint(from, to, ids);
    ctx.manager(JobManager).repoint(from, to, ids);
  }
  scope.activityId = null;
  scope.activityInstanceId = instance.scopeInstanceId(scope);
  scope.isActive = false;
}

/** A new token in a scope, next to whatever runs there already. */
export async function newTokenInScope(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scope: ExecutionEntity,
): Promise<ExecutionEntity> {
  const concurrent = instance.children(scope).some((c) => c.isConcurrent);
  if (!concurrent && scope.activityId) await expandScope(ctx, instance, scope);
  if (!concurrent && !scope.activityId && instance.children(scope).length === 0) {
    // An idle scope (nothing runs in it) is itself the token.
    scope.isActive = true;
    return scope;
  }
  return createConcurrentExecution(ctx, instance, scope);
}

/** A new token next to `token`, in the same flow scope (non-interrupting boundary events). */
export function newTokenBeside(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  token: ExecutionEntity,
): Promise<ExecutionEntity> {
  if (token.isConcurrent) return Promise.resolve(createConcurrentExecution(ctx, instance, instance.parent(token)!));
  return newTokenInScope(ctx, instance, token);
}
