import type { ActivityExecution } from '../runtime/activity-execution';
import { waitFor } from '../runtime/events/event-waits';
import { gatewayTargets, waitingDefinition } from '../runtime/events/graph-events';
import { JOB_HANDLER } from '../runtime/events/job-kinds';
import { EventSubscriptionEntity } from '../../../persistence/entities/runtime/event-subscription.entity';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { EventContext } from '../runtime/events/event-context';

/**
 * Waits for all the events it leads to at once, on its own execution; the first one that fires
 * wins, the other waits go and the token continues to that event (runtime/events/event-trigger).
 */
export class EventBasedGatewayBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    const { ctx, instance, execution } = activity;
    const conditionals: EventSubscriptionEntity[] = [];
    for (const { node } of gatewayTargets(activity.graph, activity.node)) {
      const def = waitingDefinition(node);
      if (!def) continue;
      const row = waitFor(ctx, instance, execution, node, def, JOB_HANDLER.intermediateTimer);
      if (row instanceof EventSubscriptionEntity && row.eventType === 'conditional') conditionals.push(row);
    }
    ctx.manager(EventContext).conditionalsActivated(instance, conditionals);
  }
}
