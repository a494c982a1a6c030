import { ActivityExecution } from '../activity-execution';
import { resolveActivity } from '../activity-ref';
import type { AtomicOperation } from '../atomic-operation';
import type { RuntimeContext } from '../runtime-context';
import { behaviorOf } from '../activity-behavior';

type Op = Extract<AtomicOperation, { kind: 'ACTIVITY_EXECUTE' }>;

/** Hands the activity to its behaviour, which completes it, waits, or throws. */
export async function activityExecute(ctx: RuntimeContext, op: Op): Promise<void> {
  const instance = ctx.instanceOf(op.execution);
  const ref = resolveActivity(instance.graph, op.activityId)!;
  await behaviorOf(ctx, ref).execute(new ActivityExecution(ctx, instance, op.execution, ref), {
    startEventId: op.startEventId,
  });
}
