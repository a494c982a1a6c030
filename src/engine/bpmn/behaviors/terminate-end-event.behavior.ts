import type { ActivityExecution } from '../runtime/activity-execution';
import { cancelSubtrees } from '../runtime/cancellation';
import { ActivityBehavior } from '../runtime/activity-behavior';

/** Ends every other token of its scope (canceled), then completes the scope normally. */
export class TerminateEndEventBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, execution } = activity;
    const scope = instance.scopeOf(execution);
    const others = instance.children(scope).filter((c) => c !== execution);
    await cancelSubtrees(ctx, instance, others, { calledInstanceState: 'INTERNALLY_TERMINATED', reason: null });
    activity.leave([]);
  }
}
