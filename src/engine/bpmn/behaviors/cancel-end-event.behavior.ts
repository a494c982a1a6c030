import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { compensationDone, flowScopeExecution, throwCompensation } from '../runtime/events/compensation';

/**
 * A cancel end event inside a transaction, as in Camunda: what completed in the transaction is
 * compensated first (most recent first); then the transaction is interrupted and left by its cancel
 * boundary event.
 */
export class CancelEndEventBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, execution, node } = activity;
    const transaction = flowScopeExecution(instance, execution, node.scopeId);
    const started = await throwCompensation(ctx, instance, execution, transaction, node.scopeId, null);
    if (!started) await compensationDone(ctx, instance, execution);
  }
}
