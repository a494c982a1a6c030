import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';

/**
 * Elements that complete as soon as they are reached: none start events (and triggered start
 * events), none and manual tasks, none intermediate throw events, triggered boundary events.
 */
export class PassThroughBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    activity.leave();
  }
}
