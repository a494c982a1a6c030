import { ProcessEngineError } from '../../../errors';
import type { FlowNode } from '../../model';
import { newId } from '../../../util/ids';
import { untypedValue } from '../../../variables/typed-value';
import { bodyRef, multiInstanceOf, needsScope, nodeRef } from '../activity-ref';
import type { AtomicOperation } from '../atomic-operation';
import type { RuntimeContext } from '../runtime-context';
import { fireListeners } from '../execution-listeners';
import { createScopeExecution } from '../execution-tree';
import { deferBefore, deferInnerBefore } from '../events/async-continuation';
import { subscribeBoundaryEvents, subscribeEventSubProcesses } from '../events/event-waits';
import { applyInputMappings } from '../io-mapping';
import { VariableStore } from '../variable-store';
import { Agenda } from '../agenda';

type Op = Extract<AtomicOperation, { kind: 'ACTIVITY_START' }>;

function isLinkEvent(node: FlowNode): boolean {
  return (
    (node.type === 'intermediateCatchEvent' || node.type === 'intermediateThrowEvent') &&
    node.eventDefinition?.kind === 'link'
  );
}

/** Ids columns hold 64 characters; as Camunda does, a longer composite id (a long activity id) is the bare id. */
export function activityInstanceId(activityId: string): string {
  const id = newId();
  const composite = `${activityId}:${id}`;
  return composite.length > 64 ? id : composite;
}

/**
 * Enters an activity: a new activity instance (`<activityId>:<uuid>`, see activityInstanceId), its history row, its own
 * scope execution when it is a scope (with loop variables and input mappings), start listeners,
 * the waits of its boundary events and event sub-processes. With camunda:asyncBefore it only
 * leaves a job that enters it later.
 * An activity with multi-instance characteristics is entered as its body first.
 */
export async function activityStart(ctx: RuntimeContext, op: Op): Promise<void> {
  const instance = ctx.instanceOf(op.execution);
  const node = instance.graph.elements.get(op.activityId);
  if (!node)
    throw new ProcessEngineError(`The activity '${op.activityId}' does not exist in process '${instance.graph.key}'`);
  const ref = multiInstanceOf(node) && !op.inner ? bodyRef(node) : nodeRef(node);
  const execution = op.execution;
  if (!op.inner && deferBefore(ctx, instance, execution, ref, op.startEventId)) return;
  if (op.inner && deferInnerBefore(ctx, instance, execution, ref, op.inner)) return;
  const parentActivityInstanceId = instance.scopeInstanceId(instance.scopeOf(execution));
  execution.activityId = ref.id;
  execution.activityInstanceId = activityInstanceId(ref.id);
  execution.isActive = true;
  let host = execution;
  if (needsScope(ref)) {
    host = createScopeExecution(ctx, instance, execution);
    if (op.inner) {
      ctx
        .manager(VariableStore)
        .setLocal(host, 'loopCounter', { type: 'integer', value: op.inner.loopCounter, valueInfo: {} });
      if (op.inner.element)
        ctx.manager(VariableStore).setLocal(host, op.inner.element.name, untypedValue(op.inner.element.value));
    }
  }
  ctx.afterCommit(() => ctx.deps.metrics.activityInstanceStarted());
  // Camunda keeps link events out of the history: a link only joins two parts of one flow.
  if (!isLinkEvent(node))
    ctx.history.activityStarted({
      activityInstanceId: execution.activityInstanceId,
      parentActivityInstanceId,
      activityId: ref.id,
      activityName: node.name,
      activityType: ref.activityType,
      execution: host,
      processDefinitionKey: instance.definition.key,
      sequenceCounter: ctx.nextSequence(instance),
    });
  if (!ref.isBody) {
    if (host !== execution && !op.skipIoMappings) await applyInputMappings(ctx, host, node);
    if (!op.skipListeners) await fireListeners(ctx, host, node.executionListeners, 'start', node.id);
  }
  if (host !== execution && (ref.isBody || !multiInstanceOf(node))) subscribeBoundaryEvents(ctx, instance, host, node);
  if (host !== execution && !ref.isBody && node.type === 'subProcess')
    subscribeEventSubProcesses(ctx, instance, host, node.id);
  ctx
    .manager(Agenda)
    .plan({ kind: 'ACTIVITY_EXECUTE', execution: host, activityId: ref.id, startEventId: op.startEventId });
}
