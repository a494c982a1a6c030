import { ReceiveTaskNode } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { waitFor } from '../runtime/events/event-waits';
import { JOB_HANDLER } from '../runtime/events/job-kinds';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { EventContext } from '../runtime/events/event-context';

/**
 * Waits: for a message (a subscription row is made for correlation) or, without one, for a signal.
 * After an event-based gateway that its message triggered, it completes at once.
 */
export class ReceiveTaskBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    const { ctx, instance, execution } = activity;
    const node = activity.node as ReceiveTaskNode;
    if (ctx.manager(EventContext).consumeTriggered(instance, node.id)) return activity.leave();
    if (node.message?.messageName) waitFor(ctx, instance, execution, node, node.message, JOB_HANDLER.intermediateTimer);
  }

  signal(activity: ActivityExecution): void {
    activity.ctx.manager(EventContext).dropRowsOf(activity.instance, activity.execution, [activity.node.id]);
    activity.leave();
  }
}
