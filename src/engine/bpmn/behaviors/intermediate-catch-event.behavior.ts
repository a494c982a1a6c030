import { IntermediateCatchEventNode } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { conditionHolds } from '../runtime/events/conditional-evaluation';
import { waitFor } from '../runtime/events/event-waits';
import { JOB_HANDLER } from '../runtime/events/job-kinds';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { EventContext } from '../runtime/events/event-context';

/**
 * Waits for its message, signal, timer or condition (a conditional event whose condition already
 * holds passes at once). Link catch events are reached by their throw event and pass through, as
 * does an event whose event-based gateway was just triggered by it.
 */
export class IntermediateCatchEventBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, execution } = activity;
    const node = activity.node as IntermediateCatchEventNode;
    const def = node.eventDefinition;
    if (def.kind === 'link' || ctx.manager(EventContext).consumeTriggered(instance, node.id)) return activity.leave();
    if (def.kind === 'conditional' && (await conditionHolds(ctx, execution, def, node.id))) return activity.leave();
    waitFor(ctx, instance, execution, node, def, JOB_HANDLER.intermediateTimer);
  }

  /** Triggered from outside (runtimeService.signal, a message delivered to this execution). */
  signal(activity: ActivityExecution): void {
    activity.ctx.manager(EventContext).dropRowsOf(activity.instance, activity.execution, [activity.node.id]);
    activity.leave();
  }
}
