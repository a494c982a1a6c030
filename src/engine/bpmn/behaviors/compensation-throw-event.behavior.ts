import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { compensationDone, compensationScope, throwCompensation } from '../runtime/events/compensation';

/**
 * Compensation intermediate throw and end events: the handlers of what completed in the event's scope
 * (of the scope around it when it sits in an event sub-process; all, or the activityRef's) run, most recent first, and
 * the token goes on once they all completed
 * (Camunda always waits, whatever waitForCompletion says).
 */
export class CompensationThrowEventBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, execution, node } = activity;
    const definition =
      'eventDefinition' in node && node.eventDefinition?.kind === 'compensate' ? node.eventDefinition : null;
    const { scope, scopeId } = compensationScope(instance, execution, node);
    const started = await throwCompensation(ctx, instance, execution, scope, scopeId, definition?.activityRef ?? null);
    if (!started) await compensationDone(ctx, instance, execution);
  }
}
