import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { ProcessEngineError } from '../../../errors';
import { ActivityInstanceState } from '../../../history/process-history.manager';
import { VariableMap } from '../../../variables/typed-value';
import { BoundaryEventNode, StartEventNode } from '../../model';
import { resolveActivity } from '../activity-ref';
import { cancelActivities, cancelSubtrees, CancelOptions } from '../cancellation';
import type { RuntimeContext } from '../runtime-context';
import { ProcessInstanceState } from '../process-instance-state';
import { gatewayTargets, waitingEventSubProcessStarts } from './graph-events';
import { newTokenBeside, newTokenInScope, rowActivities } from './tree-expansion';
import { VariableStore } from '../variable-store';
import { Agenda } from '../agenda';
import { EventContext } from './event-context';

/** Variables that come with an event (message payload, signal variables). */
export interface EventPayload {
  variables?: VariableMap | null;
  /** Set on the execution that continues, not propagated. */
  localVariables?: VariableMap | null;
}

/** Whether the trigger used the wait up (the subscription or timer is gone) or left it in place. */
export type TriggerOutcome = 'consumed' | 'kept';

const CANCEL: CancelOptions = { calledInstanceState: 'INTERNALLY_TERMINATED', reason: null };

function hasVariables(payload: EventPayload): boolean {
  return Object.keys(payload.variables ?? {}).length + Object.keys(payload.localVariables ?? {}).length > 0;
}

function deliver(ctx: RuntimeContext, execution: ExecutionEntity, payload: EventPayload): void {
  ctx.manager(VariableStore).setAll(execution, payload.variables);
  ctx.manager(VariableStore).setAll(execution, payload.localVariables, true);
}

/** The flow scope a scope execution stands for: the process, or the sub-process whose scope it is. */
export function scopeIdOf(instance: ProcessInstanceState, scope: ExecutionEntity): string | null {
  const parent = instance.parent(scope);
  if (!parent) return instance.graph.key;
  const ref = resolveActivity(instance.graph, parent.activityId);
  return ref && !ref.isBody ? ref.node.id : null;
}

async function triggerBoundary(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scopeExecution: ExecutionEntity,
  node: BoundaryEventNode,
  payload: EventPayload,
): Promise<TriggerOutcome> {
  const host = instance.parent(scopeExecution);
  if (!host) throw new ProcessEngineError(`Boundary event '${node.id}' waits on an execution without parent`);
  if (node.cancelActivity) {
    await cancelSubtrees(ctx, instance, [scopeExecution], CANCEL);
    ctx.history.activityEnded(host.activityInstanceId!, { state: ActivityInstanceState.CANCELED });
    host.isActive = true;
    deliver(ctx, host, payload);
    ctx.manager(Agenda).plan({ kind: 'ACTIVITY_START', execution: host, activityId: node.id });
    return 'consumed';
  }
  const token = await newTokenBeside(ctx, instance, host);
  deliver(ctx, token, payload);
  ctx.manager(Agenda).plan({ kind: 'ACTIVITY_START', execution: token, activityId: node.id });
  return 'kept';
}

/**
 * Everything running in a scope stops for an interrupting event sub-process: its tokens and their
 * activities, and the other event sub-processes' waits. The waits of the boundary events of the
 * activity owning the scope stay (they belong to the outer scope).
 */
async function interruptScope(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scope: ExecutionEntity,
  scopeId: string,
): Promise<void> {
  await cancelSubtrees(ctx, instance, instance.children(scope), CANCEL);
  const current = resolveActivity(instance.graph, scope.activityId);
  if (current && !current.isBody && current.node.scopeId === scopeId) {
    await cancelActivities(ctx, instance, [scope], CANCEL, false);
    ctx.manager(EventContext).dropRowsOf(instance, scope, [...rowActivities(instance, scope.activityId)]);
  }
  ctx.manager(EventContext).dropRowsOf(
    instance,
    scope,
    waitingEventSubProcessStarts(instance.graph, scopeId).map((s) => s.id),
  );
}

async function triggerEventSubProcess(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scope: ExecutionEntity,
  start: StartEventNode,
  payload: EventPayload,
): Promise<TriggerOutcome> {
  const scopeId = scopeIdOf(instance, scope);
  if (!scopeId)
    throw new ProcessEngineError(`Event sub-process start '${start.id}' waits on an execution that is no scope`);
  if (start.isInterrupting) {
    await interruptScope(ctx, instance, scope, scopeId);
    scope.activityId = null;
    scope.activityInstanceId = instance.scopeInstanceId(scope);
    scope.isActive = true;
    deliver(ctx, scope, payload);
    ctx
      .manager(Agenda)
      .plan({ kind: 'ACTIVITY_START', execution: scope, activityId: start.scopeId, startEventId: start.id });
    return 'consumed';
  }
  const token = await newTokenInScope(ctx, instance, scope);
  deliver(ctx, token, payload);
  ctx
    .manager(Agenda)
    .plan({ kind: 'ACTIVITY_START', execution: token, activityId: start.scopeId, startEventId: start.id });
  return 'kept';
}

/**
 * An event arrived for a wait: `execution` is where the subscription or timer job hangs, `activityId`
 * the event that waits. Depending on the event: an intermediate catch event (or receive task)
 * completes, an event-based gateway continues to the event that fired, a boundary event interrupts
 * its activity or forks a token beside it, an event sub-process interrupts its scope or runs beside it.
 */
export async function triggerEvent(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  activityId: string,
  payload: EventPayload = {},
): Promise<TriggerOutcome> {
  const node = instance.graph.elements.get(activityId);
  if (!node)
    throw new ProcessEngineError(`The event '${activityId}' does not exist in process '${instance.graph.key}'`);
  ctx.touch(instance);
  if (node.type === 'boundaryEvent') return triggerBoundary(ctx, instance, execution, node, payload);
  if (node.type === 'startEvent') return triggerEventSubProcess(ctx, instance, execution, node, payload);
  if (execution.activityId === activityId) {
    ctx.manager(EventContext).dropRowsOf(instance, execution, [activityId]);
    deliver(ctx, execution, payload);
    if (hasVariables(payload)) {
      await ctx.manager(Agenda).settleVariables();
      // An interrupting conditional event of an enclosing scope took the waiting execution away.
      if (instance.ended || instance.get(execution.id) !== execution || execution.activityId !== activityId)
        return 'consumed';
    }
    ctx.manager(Agenda).plan({ kind: 'ACTIVITY_END', execution, activityId });
    return 'consumed';
  }
  const gateway = resolveActivity(instance.graph, execution.activityId);
  const target =
    gateway?.node.type === 'eventBasedGateway'
      ? gatewayTargets(instance.graph, gateway.node).find((t) => t.node.id === activityId)
      : undefined;
  if (!gateway || !target)
    throw new ProcessEngineError(`Execution ${execution.id} does not wait for the event '${activityId}'`);
  ctx.manager(EventContext).dropRowsOf(instance, execution, [...rowActivities(instance, gateway.id)]);
  deliver(ctx, execution, payload);
  ctx.manager(EventContext).markTriggered(instance, activityId);
  ctx.manager(Agenda).plan({ kind: 'ACTIVITY_END', execution, activityId: gateway.id, flowIds: [target.flowId] });
  return 'consumed';
}
