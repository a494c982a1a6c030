import type { ActivityExecution } from '../runtime/activity-execution';
import { mappedVariables } from '../runtime/call-mappings';
import { deliverSignal } from '../runtime/events/signal-delivery';
import { ActivityBehavior } from '../runtime/activity-behavior';

/**
 * Signal intermediate throw and end events: the signal reaches every subscription of its name in
 * the same transaction (its own tenant's and those without tenant), then the token moves on or ends.
 * camunda:async on the signal definition is accepted but delivery stays synchronous. camunda:in on the definition
 * gives the signal its payload: variables for every execution and instance it reaches, a business key for the
 * instances it starts.
 */
export class SignalThrowEventBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, node } = activity;
    const def = 'eventDefinition' in node && node.eventDefinition?.kind === 'signal' ? node.eventDefinition : null;
    if (def) {
      const tenantId = instance.root.tenantId;
      const businessKey = def.payload?.businessKey ? activity.evaluate(def.payload.businessKey) : null;
      await deliverSignal(ctx, {
        name: String(activity.evaluate(def.signalName) ?? ''),
        variables: def.payload ? mappedVariables(ctx, activity.execution, def.payload.variables) : null,
        businessKey: businessKey == null ? null : String(businessKey),
        authorize: false,
        tenant:
          tenantId == null ? { isSet: false, tenantId: null } : { isSet: true, tenantId, includeWithoutTenant: true },
      });
    }
    activity.leave(node.type === 'endEvent' ? [] : undefined);
  }
}
