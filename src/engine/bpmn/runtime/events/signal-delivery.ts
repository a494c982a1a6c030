import { isSuspended } from '../suspension';
import { EventSubscriptionEntity } from '../../../../persistence/entities/runtime/event-subscription.entity';
import { checkCreateInstance, checkUpdateInstance } from '../runtime-authorization';
import { VariableMap } from '../../../variables/typed-value';
import type { RuntimeContext } from '../runtime-context';
import { ProcessInstanceState } from '../process-instance-state';
import { currentDefinition, isStartable, startAtEvent } from './event-start';
import { triggerEvent } from './event-trigger';
import { findSubscriptions, TenantFilter } from './subscription-queries';
import { EventContext } from './event-context';

export interface SignalDelivery {
  name: string;
  variables?: VariableMap | null;
  /** The business key of the instances signal start events start (a thrown signal's camunda:in businessKey). */
  businessKey?: string | null;
  tenant: TenantFilter;
  /** Only this execution's subscriptions (no start events). */
  executionId?: string;
  /** Check the caller's permissions (signals from outside); a signal thrown by a process is not checked. */
  authorize: boolean;
}

interface Target {
  subscription: EventSubscriptionEntity;
  instance: ProcessInstanceState;
}

/**
 * A signal reaches every subscription with its name at once: waiting executions continue and signal
 * start events start instances. Subscriptions are collected before anything moves, so waits the
 * signal itself creates do not catch it again. Returns how many subscriptions it reached.
 */
export async function deliverSignal(
  ctx: RuntimeContext,
  signal: SignalDelivery,
  subscriptions?: EventSubscriptionEntity[],
): Promise<number> {
  const all =
    subscriptions ??
    (await findSubscriptions(ctx, {
      eventType: 'signal',
      eventName: signal.name,
      tenant: signal.tenant,
      executionId: signal.executionId,
    }));
  // A broadcast from outside reaches only the caller's tenants (Camunda's tenant-checked subscription query).
  const found =
    signal.authorize && !signal.executionId ? all.filter((s) => ctx.isAuthenticatedTenant(s.tenantId)) : all;
  const targets: Target[] = [];
  for (const subscription of found.filter((s) => s.executionId && s.processInstanceId)) {
    const instance = await ctx.loadInstance(subscription.processInstanceId!);
    const execution = instance?.get(subscription.executionId!);
    // A broadcast passes suspended instances by (Camunda's subscription query only finds active executions).
    if (!instance || !execution || (!signal.executionId && isSuspended(execution))) continue;
    if (signal.authorize)
      await checkUpdateInstance(ctx, {
        id: instance.id,
        definitionKey: instance.definition.key,
        tenantId: instance.definition.tenantId,
      });
    targets.push({ subscription, instance });
  }
  const starts = [];
  for (const subscription of found.filter((s) => !s.executionId && s.configuration)) {
    const definition = await currentDefinition(ctx, subscription.configuration!);
    if (!definition || !isStartable(definition, ctx.now())) continue;
    if (signal.authorize) await checkCreateInstance(ctx, definition.key);
    starts.push({ subscription, definition });
  }
  for (const { subscription, instance } of targets) {
    const execution = instance.get(subscription.executionId!);
    if (!execution || instance.ended || ctx.manager(EventContext).isDropped(subscription)) continue;
    const outcome = await triggerEvent(ctx, instance, execution, subscription.activityId!, {
      variables: signal.variables,
    });
    if (outcome === 'consumed') ctx.manager(EventContext).forget(subscription);
  }
  for (const { subscription, definition } of starts) {
    await startAtEvent(ctx, definition, subscription.activityId!, {
      variables: signal.variables,
      businessKey: signal.businessKey,
    });
  }
  return targets.length + starts.length;
}
