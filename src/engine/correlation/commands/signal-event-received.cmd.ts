import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { deliverSignal } from '../../bpmn/runtime/events/signal-delivery';
import { ANY_TENANT, findSubscriptions } from '../../bpmn/runtime/events/subscription-queries';
import { BadUserRequestError, NullValueError } from '../../errors';
import { Command } from '../../command/command';
import { SignalRequest } from '../event-types';
import { ensureExecutionActive } from '../../bpmn/runtime/suspension';
import { Agenda } from '../../bpmn/runtime/agenda';

/**
 * runtimeService.createSignalEvent(name).send(): to every subscription of the name (of the tenant
 * when one is given), or only to one execution's.
 */
export class SignalEventReceivedCmd implements Command<void> {
  constructor(private readonly request: SignalRequest) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const { name, executionId, tenantId, withoutTenantId, variables } = this.request;
    const tenantSet = tenantId != null || withoutTenantId === true;
    const tenant = tenantSet ? { isSet: true, tenantId: tenantId ?? null } : ANY_TENANT;
    if (executionId == null) {
      await deliverSignal(ctx, { name, variables, tenant, authorize: true });
    } else {
      if (tenantSet)
        throw new BadUserRequestError(
          'ENGINE-13027 Cannot specify a tenant-id when deliver a signal to a single execution.',
        );
      const instance = await ctx.loadInstanceOfExecution(executionId);
      const execution = instance?.get(executionId);
      if (!execution) throw new NullValueError(`Cannot find execution with id '${executionId}': execution is null`);
      const subscriptions = await findSubscriptions(ctx, { eventType: 'signal', eventName: name, executionId });
      if (!subscriptions.length) {
        throw new NullValueError(
          `Execution '${executionId}' has not subscribed to a signal event with name '${name}'.`,
        );
      }
      ensureExecutionActive(execution);
      await deliverSignal(ctx, { name, variables, tenant, executionId, authorize: true }, subscriptions);
    }
    await ctx.manager(Agenda).run();
  }
}
