import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { EventSubscriptionEntity } from '../../../persistence/entities/runtime/event-subscription.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { currentDefinition, isStartable, startAtEvent } from '../../bpmn/runtime/events/event-start';
import { triggerEvent } from '../../bpmn/runtime/events/event-trigger';
import { ANY_TENANT, findSubscriptions, TenantFilter } from '../../bpmn/runtime/events/subscription-queries';
import { ProcessInstanceState } from '../../bpmn/runtime/process-instance-state';
import { BadUserRequestError, MismatchingMessageCorrelationError } from '../../errors';
import { Command } from '../../command/command';
import { instanceInfo } from '../../instances/commands/start-process-instance.cmd';
import { checkCreateInstance, checkUpdateInstance } from '../../bpmn/runtime/runtime-authorization';
import { plainValue, VariableMap } from '../../variables/typed-value';
import { MessageCorrelationRequest, MessageCorrelationResult } from '../event-types';
import { messageSubscriptionsFor } from '../message-candidates';
import { EventContext } from '../../bpmn/runtime/events/event-context';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import { Agenda } from '../../bpmn/runtime/agenda';

interface StartCandidate {
  subscription: EventSubscriptionEntity;
  definition: ProcessDefinitionEntity;
}

function javaMap(map: VariableMap | null | undefined): string {
  if (!map) return 'null';
  return `{${Object.entries(map)
    .map(([k, v]) => `${k}=${String(plainValue(v))}`)
    .join(', ')}}`;
}

/**
 * Message correlation as Camunda's DefaultCorrelationHandler does it: waiting executions first
 * (exactly one unless `all`), then message start events of the latest definitions. The payload
 * goes to the execution that continues (or the new instance); results say what was reached.
 */
export class CorrelateMessageCmd implements Command<MessageCorrelationResult[]> {
  constructor(private readonly request: MessageCorrelationRequest) {}

  async execute(ctx: RuntimeContext): Promise<MessageCorrelationResult[]> {
    const r = this.request;
    const tenantSet = r.tenantId != null || r.withoutTenantId === true;
    if (r.processInstanceId != null && tenantSet) {
      throw new BadUserRequestError(
        'ENGINE-13028 Cannot specify a tenant-id when correlate a message to a single process instance.',
      );
    }
    const tenant: TenantFilter = tenantSet ? { isSet: true, tenantId: r.tenantId ?? null } : ANY_TENANT;
    // Waiting executions and start events of tenants the caller does not belong to are not candidates at all
    // (Camunda's tenant-checked correlation queries).
    const executions = (await messageSubscriptionsFor(ctx, r, tenant)).filter((s) =>
      ctx.isAuthenticatedTenant(s.tenantId),
    );
    if (!r.all && executions.length > 1) {
      throw new MismatchingMessageCorrelationError(
        `ENGINE-13031 Cannot correlate a message with name '${r.messageName}' to a single execution. ${executions.length} executions match the correlation keys: ${this.describe(tenant)}`,
      );
    }
    const starts =
      r.processInstanceId == null && (r.all || executions.length === 0) ? await this.startCandidates(ctx, tenant) : [];
    if (!r.all && executions.length === 0 && starts.length > 1) {
      throw new MismatchingMessageCorrelationError(
        `ENGINE-13030 Cannot correlate a message with name '${r.messageName}' to a single process definition. ${starts.length} process definitions match the correlations keys: ${this.describe(tenant)}`,
      );
    }
    if (!r.all && executions.length === 0 && starts.length === 0) {
      throw new MismatchingMessageCorrelationError(
        `Cannot correlate message '${r.messageName}': No process definition or execution matches the parameters`,
      );
    }
    const reached: Array<{ instance: ProcessInstanceState; subscription: EventSubscriptionEntity }> = [];
    for (const subscription of executions) {
      const instance = await ctx.loadInstance(subscription.processInstanceId!);
      if (!instance?.get(subscription.executionId!)) continue;
      await checkUpdateInstance(ctx, {
        id: instance.id,
        definitionKey: instance.definition.key,
        tenantId: instance.definition.tenantId,
      });
      reached.push({ instance, subscription });
    }
    for (const s of starts) await checkCreateInstance(ctx, s.definition.key);

    const results: Array<() => MessageCorrelationResult> = [];
    for (const { instance, subscription } of reached) {
      const execution = instance.get(subscription.executionId!);
      if (!execution || instance.ended) continue;
      const outcome = await triggerEvent(ctx, instance, execution, subscription.activityId!, {
        variables: r.processVariables,
        localVariables: r.processVariablesLocal,
      });
      if (outcome === 'consumed') ctx.manager(EventContext).forget(subscription);
      results.push(() => {
        const alive = !instance.ended && instance.get(execution.id) === execution;
        const result: MessageCorrelationResult = {
          resultType: 'Execution',
          processInstance: null,
          execution: { id: execution.id, processInstanceId: instance.id, ended: !alive, tenantId: execution.tenantId },
        };
        if (r.variablesInResult)
          result.variables = alive ? ctx.manager(VariableStore).visible(execution) : (instance.finalVariables ?? {});
        return result;
      });
    }
    for (const { subscription, definition } of starts) {
      const variables = { ...(r.processVariables ?? {}), ...(r.processVariablesLocal ?? {}) };
      const instance = await startAtEvent(ctx, definition, subscription.activityId!, {
        businessKey: r.businessKey,
        variables,
      });
      results.push(() => ({
        resultType: 'ProcessDefinition',
        execution: null,
        processInstance: instanceInfo(ctx, instance),
        ...(r.variablesInResult
          ? {
              variables: instance.ended
                ? (instance.finalVariables ?? {})
                : ctx.manager(VariableStore).local(instance.root),
            }
          : {}),
      }));
    }
    await ctx.manager(Agenda).run();
    return results.map((result) => result());
  }

  private async startCandidates(ctx: RuntimeContext, tenant: TenantFilter): Promise<StartCandidate[]> {
    const out: StartCandidate[] = [];
    for (const subscription of await findSubscriptions(ctx, {
      eventType: 'message',
      eventName: this.request.messageName,
      start: true,
      tenant,
    })) {
      const definition = subscription.configuration ? await currentDefinition(ctx, subscription.configuration) : null;
      if (definition && isStartable(definition, ctx.now()) && ctx.isAuthenticatedTenant(definition.tenantId))
        out.push({ subscription, definition });
    }
    return out;
  }

  private describe(tenant: TenantFilter): string {
    const r = this.request;
    return `CorrelationSet [businessKey=${r.businessKey ?? null}, processInstanceId=${r.processInstanceId ?? null}, processDefinitionId=null, correlationKeys=${javaMap(r.correlationKeys)}, localCorrelationKeys=${javaMap(r.localCorrelationKeys)}, tenantId=${tenant.tenantId}, isTenantIdSet=${tenant.isSet}, isExecutionsOnly=false]`;
  }
}
