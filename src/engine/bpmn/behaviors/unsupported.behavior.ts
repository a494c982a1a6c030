import { ProcessEngineError } from '../../errors';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';

/** Elements the parser accepts but this runtime cannot run yet (message/signal/timer catching, links). */
export class UnsupportedBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    throw new ProcessEngineError(
      `The activity '${activity.node.id}' of type '${activity.node.activityType}' cannot be executed: this element is not supported at runtime yet`,
    );
  }
}
