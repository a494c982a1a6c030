import { BadUserRequestError, ExpressionError } from '../../errors';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { currentDefinition, isStartable, startAtEvent } from '../../bpmn/runtime/events/event-start';
import { ANY_TENANT, findSubscriptions } from '../../bpmn/runtime/events/subscription-queries';
import { ProcessInstanceState } from '../../bpmn/runtime/process-instance-state';
import { variablesContext } from '../../expression';
import { Command } from '../../command/command';
import { instanceInfo } from '../../instances/commands/start-process-instance.cmd';
import { checkCreateInstance } from '../../bpmn/runtime/runtime-authorization';
import { ProcessInstanceInfo } from '../../instances/runtime-types';
import { plainValue } from '../../variables/typed-value';
import { ConditionEvaluationRequest } from '../event-types';
import { runDetachedConditionScript } from '../../bpmn/runtime/scripts';
import { Agenda } from '../../bpmn/runtime/agenda';

/**
 * runtimeService.createConditionEvaluation().evaluateStartConditions(): every conditional start
 * event of the latest definitions (or of one definition) whose condition holds for the given
 * variables starts an instance with them. Finding no conditional start event at all is an error;
 * finding none that holds is an empty result.
 */
export class EvaluateConditionsCmd implements Command<ProcessInstanceInfo[]> {
  constructor(private readonly request: ConditionEvaluationRequest) {}

  async execute(ctx: RuntimeContext): Promise<ProcessInstanceInfo[]> {
    const { tenantId, withoutTenantId, processDefinitionId, businessKey } = this.request;
    const variables = this.request.variables ?? {};
    const tenant = tenantId != null || withoutTenantId ? { isSet: true, tenantId: tenantId ?? null } : ANY_TENANT;
    // Only the caller's tenants take part (Camunda's tenant-checked subscription query).
    let subscriptions = (await findSubscriptions(ctx, { eventType: 'conditional', start: true, tenant })).filter((s) =>
      ctx.isAuthenticatedTenant(s.tenantId),
    );
    if (processDefinitionId != null) {
      subscriptions = subscriptions.filter((s) => s.configuration === processDefinitionId);
      if (!subscriptions.length) {
        throw new BadUserRequestError(
          `ENGINE-13042 Process definition with id '${processDefinitionId}' does not declare conditional start event.`,
          'ProcessEngineException',
        );
      }
    }
    if (!subscriptions.length)
      throw new BadUserRequestError(
        'ENGINE-13043 No subscriptions were found during evaluation of the conditional start events.',
        'ProcessEngineException',
      );
    const plain = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, plainValue(v)]));
    const started: ProcessInstanceState[] = [];
    for (const subscription of subscriptions) {
      const definition = subscription.configuration ? await currentDefinition(ctx, subscription.configuration) : null;
      if (!definition || !isStartable(definition, ctx.now())) continue;
      const graph = await ctx.graph(definition);
      const node = graph.elements.get(subscription.activityId ?? '');
      const def =
        node && 'eventDefinition' in node && node.eventDefinition?.kind === 'conditional' ? node.eventDefinition : null;
      if (!def || (def.variableName != null && !(def.variableName in plain))) continue;
      const holds = def.conditionScript
        ? await runDetachedConditionScript(ctx, definition, def.conditionScript, node!.id, variables)
        : this.holds(def.condition!, plain, ctx);
      if (!holds) continue;
      await checkCreateInstance(ctx, definition.key);
      started.push(await startAtEvent(ctx, definition, node!.id, { businessKey, variables }));
    }
    await ctx.manager(Agenda).run();
    return started.map((instance) => instanceInfo(ctx, instance));
  }

  private holds(
    condition: { evaluateCondition: (c: ReturnType<typeof variablesContext>) => boolean },
    plain: Record<string, unknown>,
    ctx: RuntimeContext,
  ): boolean {
    try {
      return condition.evaluateCondition(
        variablesContext(plain, {
          now: () => ctx.now(),
          authentication: ctx.auth ? { userId: ctx.auth.userId, groupIds: ctx.auth.groupIds } : undefined,
        }),
      );
    } catch (err) {
      // Camunda's tryEvaluate: a condition over variables that were not given is false.
      if (err instanceof ExpressionError && err.failure === 'unknownProperty') return false;
      throw err;
    }
  }
}
