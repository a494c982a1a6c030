import type { AtomicOperation } from '../atomic-operation';
import type { RuntimeContext } from '../runtime-context';
import { fireListeners } from '../execution-listeners';
import { Agenda } from '../agenda';

type Op = Extract<AtomicOperation, { kind: 'TRANSITION_TAKE' }>;

export async function transitionTake(ctx: RuntimeContext, op: Op): Promise<void> {
  const instance = ctx.instanceOf(op.execution);
  const flow = instance.graph.sequenceFlows.get(op.flowId)!;
  const execution = op.execution;
  await fireListeners(ctx, execution, flow.executionListeners, 'take', flow.id);
  execution.activityId = null;
  execution.activityInstanceId = instance.scopeInstanceId(instance.scopeOf(execution));
  execution.isActive = true;
  ctx.manager(Agenda).plan({ kind: 'ACTIVITY_START', execution, activityId: flow.targetId });
}
