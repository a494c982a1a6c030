import type { ActivityExecution } from '../runtime/activity-execution';
import { exclusiveOutgoing } from '../runtime/outgoing-flows';
import { ActivityBehavior } from '../runtime/activity-behavior';

/** The first outgoing flow (document order) whose condition holds, else the default flow, else an error. */
export class ExclusiveGatewayBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const flows = await exclusiveOutgoing(activity.ctx, activity.instance, activity.execution, activity.node);
    activity.leave(flows.map((f) => f.id));
  }
}
