import { EventSubscriptionEntity } from '../../../../persistence/entities/runtime/event-subscription.entity';
import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { ProcessEngineError } from '../../../errors';
import { BoundaryEventNode, FlowNode, ProcessGraph } from '../../model';
import { ActivityRef, isMultiInstanceInner, resolveActivity } from '../activity-ref';
import type { RuntimeContext } from '../runtime-context';
import { ProcessInstanceState } from '../process-instance-state';
import { removeExecutions, subtree } from '../subtree';
import { scopeIdOf, triggerEvent } from './event-trigger';
import { findSubscriptions } from './subscription-queries';
import { EventSubscriptionManager } from '../../../entities/event-subscription.manager';
import { EventContext } from './event-context';
import { Agenda } from '../agenda';

/*
 * Compensation as Camunda does it: an activity with a compensation boundary event leaves a `compensate`
 * subscription when it completes (activityId: its handler, configuration: the activity), on the execution
 * of its flow scope. A compensate throw in that scope starts the handlers of the subscriptions (all, or
 * those of one activity) in reverse order of completion, as children of the throwing execution, and
 * waits until they have all completed. A completed sub-process passes the subscriptions of its inner
 * activities up to its own flow scope (under its own id), unless it has a compensation handler itself.
 */

/** The scope execution of flow scope `scopeId` around `execution` (multi-instance levels are skipped). */
export function flowScopeExecution(
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  scopeId: string,
): ExecutionEntity {
  for (const e of instance.ancestry(execution)) if (e.isScope && scopeIdOf(instance, e) === scopeId) return e;
  throw new ProcessEngineError(`Execution ${execution.id} is not inside scope '${scopeId}'`);
}

/** The compensation event sub-process of an embedded sub-process: its handler, started at its compensation start event. */
function compensationStartOf(graph: ProcessGraph, node: FlowNode): string | null {
  if (node.type !== 'subProcess' || !node.triggeredByEvent) return null;
  const startId = graph.scopes.get(node.id)?.startEventIds[0];
  const start = startId ? graph.elements.get(startId) : undefined;
  return start?.type === 'startEvent' && start.eventDefinition?.kind === 'compensate' ? start.id : null;
}

export function isCompensationHandler(graph: ProcessGraph, node: FlowNode): boolean {
  return ('isForCompensation' in node && node.isForCompensation) || compensationStartOf(graph, node) != null;
}

/**
 * Where a compensate throw or cancel end event compensates: its own flow scope; from an event sub-process
 * (other than a compensation one), the scope the event sub-process belongs to, as in Camunda.
 */
export function compensationScope(
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  node: FlowNode,
): { scope: ExecutionEntity; scopeId: string } {
  const owner = instance.graph.elements.get(node.scopeId);
  const scopeId =
    owner?.type === 'subProcess' && owner.triggeredByEvent && !compensationStartOf(instance.graph, owner)
      ? owner.scopeId
      : node.scopeId;
  return { scope: flowScopeExecution(instance, execution, scopeId), scopeId };
}

/**
 * A compensable activity (not a multi-instance body: each of its instances counts) completed at `host`.
 * The handlers run in reverse order of `created`, so it is kept strictly increasing within a scope even
 * when completions share a millisecond.
 */
export async function registerCompensation(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  host: ExecutionEntity,
  ref: ActivityRef,
): Promise<void> {
  const handlerId = ref.isBody ? undefined : instance.graph.compensationHandlers.get(ref.node.id);
  if (!handlerId) return;
  const scope = flowScopeExecution(instance, host, ref.node.scopeId);
  const latest = Math.max(0, ...(await compensateSubscriptions(ctx, scope)).map((s) => s.created.getTime()));
  const subscription = ctx.manager(EventContext).subscribe(instance, scope, {
    eventType: 'compensate',
    eventName: null,
    activityId: handlerId,
    configuration: ref.node.id,
  });
  if (subscription.created.getTime() <= latest) subscription.created = new Date(latest + 1);
}

/** In order of completion. */
async function compensateSubscriptions(
  ctx: RuntimeContext,
  scope: ExecutionEntity,
): Promise<EventSubscriptionEntity[]> {
  const found = await findSubscriptions(ctx, { eventType: 'compensate', executionId: scope.id });
  return found.sort((a, b) => a.created.getTime() - b.created.getTime());
}

function drop(ctx: RuntimeContext, subscriptions: EventSubscriptionEntity[]): void {
  ctx.manager(EventSubscriptionManager).deleteStored(subscriptions);
  for (const s of subscriptions) ctx.manager(EventContext).forget(s);
}

/**
 * A sub-process completed (`scopeExecution` is its scope, `host` the execution that ran it): what is
 * compensable inside stays compensable from outside, as the sub-process.
 */
export async function keepInnerCompensation(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scopeExecution: ExecutionEntity,
  host: ExecutionEntity,
  node: FlowNode,
): Promise<void> {
  if (!instance.graph.compensationHandlers.size) return;
  const inner = await compensateSubscriptions(ctx, scopeExecution);
  if (!inner.length) return;
  const handler = instance.graph.elements.get(instance.graph.compensationHandlers.get(node.id) ?? '');
  if (handler && handler.scopeId !== node.id) {
    // a compensation boundary event's handler stands for everything inside
    drop(ctx, inner);
    return;
  }
  // kept for the compensation event sub-process (under its id: only it compensates them), or compensable as the
  // sub-process
  const configuration = handler ? handler.id : node.id;
  const outer = flowScopeExecution(instance, host, node.scopeId);
  // stored rows are replaced rather than updated: later steps of this command must find them where they are now
  drop(ctx, inner);
  for (const s of inner) {
    const moved = ctx.manager(EventContext).subscribe(instance, outer, {
      eventType: 'compensate',
      eventName: null,
      activityId: s.activityId!,
      configuration,
    });
    moved.created = s.created;
  }
}

/** In a compensation event sub-process: what completed inside its sub-process, kept further out under its id. */
async function keptForEventSubProcess(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  thrower: ExecutionEntity,
  scopeId: string,
) {
  const esp = instance.graph.elements.get(scopeId);
  if (!esp || !compensationStartOf(instance.graph, esp)) return [];
  const out: EventSubscriptionEntity[] = [];
  for (const e of instance.ancestry(thrower)) {
    if (e.isScope) out.push(...(await compensateSubscriptions(ctx, e)).filter((s) => s.configuration === scopeId));
  }
  return out.sort((a, b) => a.created.getTime() - b.created.getTime());
}

/**
 * Starts the handlers of what completed in `scope` (flow scope `scopeId`; all, or only `activityRef`),
 * most recent first, as children of `thrower`; returns how many started (the thrower waits for them).
 */
export async function throwCompensation(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  thrower: ExecutionEntity,
  scope: ExecutionEntity,
  scopeId: string,
  activityRef: string | null,
): Promise<number> {
  const graph = instance.graph;
  const inScope = (await compensateSubscriptions(ctx, scope)).filter(
    (s) => graph.elements.get(s.configuration ?? '')?.scopeId === scopeId,
  );
  const all = [...(await keptForEventSubProcess(ctx, instance, thrower, scopeId)), ...inScope];
  // What a compensation event sub-process keeps is filed under its id; an activityRef picks it by the handler.
  const handlerOfRef = activityRef ? graph.compensationHandlers.get(activityRef) : undefined;
  const named = (s: EventSubscriptionEntity) =>
    s.configuration === activityRef || (s.configuration === scopeId && s.activityId === handlerOfRef);
  const chosen = (activityRef ? all.filter(named) : all).reverse();
  drop(ctx, chosen);
  for (const s of chosen) {
    const handler = ctx.createExecution(instance, {
      parentId: thrower.id,
      isScope: true,
      isConcurrent: false,
      isActive: true,
      activityInstanceId: thrower.activityInstanceId,
    });
    const handlerNode = graph.elements.get(s.activityId!);
    const startEventId = handlerNode ? (compensationStartOf(graph, handlerNode) ?? undefined) : undefined;
    ctx.manager(Agenda).plan({ kind: 'ACTIVITY_START', execution: handler, activityId: s.activityId!, startEventId });
  }
  if (chosen.length) thrower.isActive = false;
  return chosen.length;
}

/** A compensation handler completed in `handlerExecution` (the child of the thrower that entered it). */
export async function compensationHandlerDone(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  handlerExecution: ExecutionEntity,
): Promise<void> {
  ctx.history.activityEnded(handlerExecution.activityInstanceId!);
  const thrower = instance.parent(handlerExecution)!;
  removeExecutions(ctx, instance, subtree(instance, handlerExecution));
  if (instance.children(thrower).length === 0) await compensationDone(ctx, instance, thrower);
}

/** Every handler the thrower started has completed: it goes on (a cancel end event leaves its transaction). */
export async function compensationDone(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  thrower: ExecutionEntity,
): Promise<void> {
  const ref = resolveActivity(instance.graph, thrower.activityId);
  if (!ref) throw new ProcessEngineError(`Execution ${thrower.id} does not wait for compensation`);
  thrower.isActive = true;
  const node = ref.node;
  if (node.type === 'endEvent' && node.eventDefinition?.kind === 'cancel') {
    await leaveByCancelBoundary(ctx, instance, thrower, node);
    return;
  }
  ctx.manager(Agenda).plan({
    kind: 'ACTIVITY_END',
    execution: thrower,
    activityId: ref.id,
    flowIds: node.type === 'endEvent' ? [] : undefined,
  });
}

/** After compensation, a cancel end event interrupts its transaction, which is left by its cancel boundary event. */
async function leaveByCancelBoundary(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  thrower: ExecutionEntity,
  node: FlowNode,
): Promise<void> {
  const transaction = instance.graph.elements.get(node.scopeId);
  const boundaryId =
    transaction && 'boundaryEventIds' in transaction
      ? transaction.boundaryEventIds.find(
          (id) => (instance.graph.elements.get(id) as BoundaryEventNode).eventDefinition.kind === 'cancel',
        )
      : undefined;
  if (!boundaryId)
    throw new ProcessEngineError(`Could not find cancel boundary event for cancel end event '${node.id}'`);
  const transactionScope = flowScopeExecution(instance, thrower, node.scopeId);
  const scope = boundaryScope(instance, transactionScope);
  if (scope !== transactionScope) await dropCompletedInstances(ctx, instance, scope, transaction!);
  ctx.history.activityEnded(thrower.activityInstanceId!);
  // ended above; the cancellation of the transaction must not end it a second time as canceled
  thrower.activityId = null;
  await triggerEvent(ctx, instance, scope, boundaryId);
}

/**
 * Where the transaction's boundary events hang: its own scope execution, or for a multi-instance transaction
 * the body's, so that the cancel boundary event cancels every instance (Camunda: the boundary event belongs
 * to the multi-instance body; only the cancelling instance was compensated).
 */
function boundaryScope(instance: ProcessInstanceState, transactionScope: ExecutionEntity): ExecutionEntity {
  const host = instance.parent(transactionScope);
  const ref = host ? resolveActivity(instance.graph, host.activityId) : null;
  return host && ref && isMultiInstanceInner(ref) ? instance.scopeOf(host) : transactionScope;
}

/**
 * The instances of a multi-instance transaction that completed before another one cancelled: what they kept
 * compensable (here moved to the scope around, in Camunda kept below the body) goes with the cancelled body
 * uncompensated, as in Camunda.
 */
async function dropCompletedInstances(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  body: ExecutionEntity,
  transaction: FlowNode,
): Promise<void> {
  const outer = flowScopeExecution(instance, instance.parent(body)!, transaction.scopeId);
  const since = body.startTime?.getTime() ?? 0;
  drop(
    ctx,
    (await compensateSubscriptions(ctx, outer)).filter(
      (s) => s.configuration === transaction.id && s.created.getTime() >= since,
    ),
  );
}
