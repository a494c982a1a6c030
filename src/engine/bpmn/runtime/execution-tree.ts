import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ProcessEngineError } from '../../errors';
import { ExternalTaskManager } from '../../entities/external-task.manager';
import { TaskManager } from '../../entities/task.manager';
import { SequenceFlow } from '../model';
import { MULTI_INSTANCE_BODY_SUFFIX } from './activity-ref';
import type { RuntimeContext } from './runtime-context';
import { ProcessInstanceState } from './process-instance-state';
import { IncidentManager } from '../../incident/incident.manager';
import { EventSubscriptionManager } from '../../entities/event-subscription.manager';
import { ExecutionManager } from '../../entities/execution.manager';
import { JobManager } from '../../entities/job.manager';
import { VariableManager } from '../../entities/variable.manager';
import { VariableStore } from './variable-store';
import { EventContext } from './events/event-context';
import { Agenda } from './agenda';

/** A child scope execution for a scope activity: it inherits the activity and its instance id from `host`. */
export function createScopeExecution(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  host: ExecutionEntity,
): ExecutionEntity {
  host.isActive = false;
  return ctx.createExecution(instance, {
    parentId: host.id,
    isScope: true,
    isConcurrent: false,
    isActive: true,
    activityId: host.activityId,
    activityInstanceId: host.activityInstanceId,
  });
}

export function createConcurrentExecution(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scope: ExecutionEntity,
): ExecutionEntity {
  return ctx.createExecution(instance, {
    parentId: scope.id,
    isScope: false,
    isConcurrent: true,
    isActive: true,
    activityId: null,
    activityInstanceId: instance.scopeInstanceId(scope),
  });
}

/**
 * Leaves `execution` through the given flows: none ends the token, one moves it, several fork it.
 * A scope execution that is its own token turns into the inactive parent of one concurrent child
 * per flow; a concurrent execution keeps the first flow and gets siblings for the others.
 */
export function takeFlows(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  flows: readonly SequenceFlow[],
): void {
  if (flows.length === 0) {
    ctx.manager(Agenda).plan({ kind: 'TOKEN_END', execution });
    return;
  }
  if (flows.length === 1) {
    ctx.manager(Agenda).plan({ kind: 'TRANSITION_TAKE', execution, flowId: flows[0].id });
    return;
  }
  let tokens: ExecutionEntity[];
  if (execution.isConcurrent) {
    const scope = instance.parent(execution)!;
    tokens = [execution, ...flows.slice(1).map(() => createConcurrentExecution(ctx, instance, scope))];
  } else {
    if (instance.children(execution).length) {
      throw new ProcessEngineError(
        `Execution ${execution.id} cannot fork at '${execution.activityId}': it already has child executions`,
      );
    }
    execution.isActive = false;
    execution.activityId = null;
    execution.activityInstanceId = instance.scopeInstanceId(execution);
    tokens = flows.map(() => createConcurrentExecution(ctx, instance, execution));
  }
  flows.forEach((flow, i) =>
    ctx.manager(Agenda).plan({ kind: 'TRANSITION_TAKE', execution: tokens[i], flowId: flow.id }),
  );
}

/** Removes one execution (not those below it) with its variables and the subscriptions and jobs waiting on it. */
export function removeExecution(ctx: RuntimeContext, instance: ProcessInstanceState, execution: ExecutionEntity): void {
  ctx.manager(VariableStore).dropScope(instance, execution.id);
  ctx.manager(EventContext).executionRemoved(instance, execution);
  ctx.manager(ExecutionManager).remove(instance.root, execution);
  instance.remove(execution);
}

/** Tokens of a scope: its concurrent children, or the scope itself when it has none. */
export function tokensOf(instance: ProcessInstanceState, scope: ExecutionEntity): ExecutionEntity[] {
  const children = instance.children(scope).filter((c) => c.isConcurrent);
  return children.length ? children : [scope];
}

export function isMultiInstanceBodyScope(instance: ProcessInstanceState, scope: ExecutionEntity): boolean {
  return instance.parent(scope)?.activityId?.endsWith(MULTI_INSTANCE_BODY_SUFFIX) === true;
}

/**
 * When one concurrent child is left in a scope, the scope takes its place again (Camunda's
 * compaction), so a sequential stretch runs in one execution. Rows that point at the child are
 * re-pointed; a child still in flight, or one with variables of its own, is left alone.
 */
export function compactScope(ctx: RuntimeContext, instance: ProcessInstanceState, scope: ExecutionEntity): boolean {
  const children = instance.children(scope);
  if (children.length !== 1 || !children[0].isConcurrent || isMultiInstanceBodyScope(instance, scope)) return false;
  const child = children[0];
  if (ctx.manager(Agenda).hasPending(child) || ctx.manager(VariableStore).hasLocalIn(instance, child.id)) return false;
  scope.activityId = child.activityId;
  scope.activityInstanceId = child.activityInstanceId;
  scope.isActive = child.isActive;
  for (const grandChild of instance.children(child)) instance.reparent(grandChild, scope.id);
  repoint(ctx, instance, child.id, scope.id);
  instance.remove(child);
  ctx.manager(ExecutionManager).remove(instance.root, child);
  return true;
}

function repoint(ctx: RuntimeContext, instance: ProcessInstanceState, from: string, to: string): void {
  ctx.manager(TaskManager).repoint(instance.id, from, to);
  ctx.manager(ExternalTaskManager).repoint(instance.id, from, to);
  for (const vars of instance.variables.values())
    for (const v of vars.values()) if (v.executionId === from) v.executionId = to;
  ctx.manager(IncidentManager).repoint(from, to);
  ctx.manager(EventSubscriptionManager).repoint(from, to);
  ctx.manager(JobManager).repoint(from, to);
  ctx.manager(VariableManager).repoint(from, to);
  ctx.manager(ExecutionManager).repoint(from, to);
}
