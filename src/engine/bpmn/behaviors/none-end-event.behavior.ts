import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';

/** The token ends here; its scope completes when it was the last one. */
export class NoneEndEventBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    activity.leave([]);
  }
}
