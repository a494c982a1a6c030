import type { AtomicOperation } from '../agenda';
import type { RuntimeContext } from '../runtime-context';
import { fireListeners } from '../execution-listeners';

type Op = Extract<AtomicOperation, { kind: 'TRANSITION_TAKE' }>;

export function transitionTake(ctx: RuntimeContext, op: Op): void {
  const instance = ctx.instanceOf(op.execution);
  const flow = instance.graph.sequenceFlows.get(op.flowId)!;
  const execution = op.execution;
  fireListeners(ctx, execution, flow.executionListeners, 'take');
  execution.activityId = null;
  execution.activityInstanceId = instance.scopeInstanceId(instance.scopeOf(execution));
  execution.isActive = true;
  ctx.agenda.plan({ kind: 'ACTIVITY_START', execution, activityId: flow.targetId });
}
