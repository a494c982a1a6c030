import { ActivityInstanceState } from '../../../history/process-history.manager';
import { ActivityRef, bodyRef, isMultiInstanceInner, needsScope, resolveActivity } from '../activity-ref';
import type { AtomicOperation } from '../atomic-operation';
import { removeExecutions, subtree } from '../subtree';
import type { RuntimeContext } from '../runtime-context';
import { deferAfter } from '../events/async-continuation';
import {
  compensationHandlerDone,
  isCompensationHandler,
  keepInnerCompensation,
  registerCompensation,
} from '../events/compensation';
import { fireListeners } from '../execution-listeners';
import { takeFlows, tokensOf } from '../execution-tree';
import { applyOutputMappings } from '../io-mapping';
import { defaultOutgoing } from '../outgoing-flows';
import { ProcessInstanceState } from '../process-instance-state';
import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { behaviorOf } from '../activity-behavior';

type Op = Extract<AtomicOperation, { kind: 'ACTIVITY_END' }>;

async function continueAfter(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  ref: ActivityRef,
  flowIds?: readonly string[],
): Promise<void> {
  if (deferAfter(ctx, instance, execution, ref, flowIds)) return;
  const flows = flowIds
    ? flowIds.map((id) => instance.graph.sequenceFlows.get(id)!)
    : await defaultOutgoing(ctx, instance, execution, ref.node);
  takeFlows(ctx, instance, execution, flows);
}

/**
 * Leaves an activity: end listeners, output mappings, the end of its activity instance, the
 * destruction of its scope execution; then the outgoing flows (or, for an instance of a
 * multi-instance body, the body's bookkeeping).
 */
export async function activityEnd(ctx: RuntimeContext, op: Op): Promise<void> {
  const instance = ctx.instanceOf(op.execution);
  const ref = resolveActivity(instance.graph, op.activityId)!;
  const execution = op.execution;
  if (!ref.isBody) await fireListeners(ctx, execution, ref.node.executionListeners, 'end', ref.node.id);
  // a compensation handler (a multi-instance one as a whole) returns to the throw that started it
  if ((ref.isBody || !isMultiInstanceInner(ref)) && isCompensationHandler(instance.graph, ref.node)) {
    await compensationHandlerDone(ctx, instance, needsScope(ref) ? instance.parent(execution)! : execution);
    return;
  }
  if (!needsScope(ref)) {
    const completesScope = ref.node.type === 'endEvent' && tokensOf(instance, instance.scopeOf(execution)).length === 1;
    ctx.history.activityEnded(execution.activityInstanceId!, {
      state: completesScope ? ActivityInstanceState.SCOPE_COMPLETE : ActivityInstanceState.DEFAULT,
    });
    await continueAfter(ctx, instance, execution, ref, op.flowIds);
    return;
  }
  const host = instance.parent(execution)!;
  if (!ref.isBody) await applyOutputMappings(ctx, execution, host, ref.node);
  ctx.history.activityEnded(host.activityInstanceId!);
  if (!ref.isBody) {
    if (ref.node.type === 'subProcess') await keepInnerCompensation(ctx, instance, execution, host, ref.node);
    await registerCompensation(ctx, instance, host, ref);
  }
  if (isMultiInstanceInner(ref)) {
    await behaviorOf(ctx, bodyRef(ref.node)).instanceCompleted!(ctx, instance, execution, host);
    return;
  }
  removeExecutions(ctx, instance, subtree(instance, execution));
  host.isActive = true;
  await continueAfter(ctx, instance, host, ref, op.flowIds);
}
