import { behaviorFor } from '../../behaviors/behavior-registry';
import { ActivityExecution } from '../activity-execution';
import { resolveActivity } from '../activity-ref';
import type { AtomicOperation } from '../agenda';
import type { CommandContext } from '../command-context';

type Op = Extract<AtomicOperation, { kind: 'ACTIVITY_EXECUTE' }>;

/** Hands the activity to its behaviour, which completes it, waits, or throws. */
export async function activityExecute(ctx: CommandContext, op: Op): Promise<void> {
  const instance = ctx.instanceOf(op.execution);
  const ref = resolveActivity(instance.graph, op.activityId)!;
  await behaviorFor(ref).execute(new ActivityExecution(ctx, instance, op.execution, ref), { startEventId: op.startEventId });
}
