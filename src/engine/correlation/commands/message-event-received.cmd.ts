import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { triggerEvent } from '../../bpmn/runtime/events/event-trigger';
import { findSubscriptions } from '../../bpmn/runtime/events/subscription-queries';
import { NullValueError, ProcessEngineError } from '../../errors';
import { Command } from '../../command/command';
import { checkUpdateInstance } from '../../bpmn/runtime/runtime-authorization';
import { ensureExecutionActive } from '../../bpmn/runtime/suspension';
import { VariableMap } from '../../variables/typed-value';
import { EventContext } from '../../bpmn/runtime/events/event-context';
import { Agenda } from '../../bpmn/runtime/agenda';

/**
 * runtimeService.messageEventReceived(messageName, executionId): the message goes to that
 * execution's subscription, whatever waits there (catch event, receive task, boundary event,
 * event sub-process).
 */
export class MessageEventReceivedCmd implements Command<void> {
  constructor(
    private readonly executionId: string,
    private readonly messageName: string,
    private readonly variables: VariableMap | null | undefined,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const instance = await ctx.loadInstanceOfExecution(this.executionId);
    const execution = instance?.get(this.executionId);
    if (!instance || !execution)
      throw new NullValueError(`execution ${this.executionId} doesn't exist: execution is null`);
    const [subscription] = await findSubscriptions(ctx, {
      eventType: 'message',
      eventName: this.messageName,
      executionId: this.executionId,
    });
    if (!subscription) {
      throw new ProcessEngineError(
        `Execution with id '${this.executionId}' does not have a subscription to a message event with name '${this.messageName}': eventSubscriptions is empty`,
      );
    }
    await checkUpdateInstance(ctx, {
      id: instance.id,
      definitionKey: instance.definition.key,
      tenantId: instance.definition.tenantId,
    });
    ensureExecutionActive(execution);
    const outcome = await triggerEvent(ctx, instance, execution, subscription.activityId!, {
      variables: this.variables,
    });
    if (outcome === 'consumed') ctx.manager(EventContext).forget(subscription);
    await ctx.manager(Agenda).run();
  }
}
