import { EventSubscriptionEntity } from '../../../../persistence/entities/runtime/event-subscription.entity';
import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { ExpressionError } from '../../../errors';
import { ConditionalEventDefinition } from '../../model';
import type { RuntimeContext } from '../runtime-context';
import { evaluateCondition } from '../expression-scope';
import { runConditionScript } from '../scripts';
import { ProcessInstanceState } from '../process-instance-state';
import { triggerEvent } from './event-trigger';
import { EventContext, VariableChange } from './event-context';

/**
 * Camunda's tryEvaluate: a condition naming a variable that does not exist (yet) is simply false,
 * so a waiting conditional event does not fail the command that changed some other variable. A
 * JavaScript condition runs in the sandbox over the same variables; one that throws fails the command
 * (Camunda forgives only Groovy's "No such property"; JavaScript's ReferenceError is not forgiven).
 */
export async function conditionHolds(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  def: ConditionalEventDefinition,
  elementId: string,
): Promise<boolean> {
  if (def.conditionScript)
    return runConditionScript(ctx, execution, def.conditionScript, elementId, `conditional event '${elementId}'`);
  try {
    return evaluateCondition(ctx, execution, def.condition!);
  } catch (err) {
    if (err instanceof ExpressionError && err.failure === 'unknownProperty') return false;
    throw err;
  }
}

function definitionOf(
  instance: ProcessInstanceState,
  subscription: EventSubscriptionEntity,
): ConditionalEventDefinition | null {
  const node = instance.graph.elements.get(subscription.activityId ?? '');
  const def = node && 'eventDefinition' in node ? node.eventDefinition : null;
  return def?.kind === 'conditional' ? def : null;
}

/**
 * Conditional events of running instances: checked when their scope is entered and whenever a
 * variable they can see changes (restricted by camunda:variableName and camunda:variableEvents).
 * Checks wait until the agenda is idle, then outer scopes go first, as in Camunda. The `EventContext`
 * collects what to check; this part of the command's context checks it and triggers the events.
 */
export class ConditionalEvaluation {
  private readonly stored = new Map<string, EventSubscriptionEntity[]>();

  constructor(private readonly ctx: RuntimeContext) {}

  /** Runs when the agenda is empty: true when something was triggered (and more steps are planned). */
  async settle(): Promise<boolean> {
    const pending = this.ctx.manager(EventContext).takePendingConditions();
    if (!pending) return false;
    const { activated, changes } = pending;
    let triggered = false;
    for (const { instance, subscription } of activated) {
      if (await this.tryTrigger(instance, subscription)) triggered = true;
    }
    for (const [instance, list] of changes) {
      if (instance.ended) continue;
      for (const subscription of await this.subscriptionsOf(instance)) {
        if (!this.affected(instance, subscription, list)) continue;
        if (await this.tryTrigger(instance, subscription)) triggered = true;
      }
    }
    return triggered;
  }

  private async subscriptionsOf(instance: ProcessInstanceState): Promise<EventSubscriptionEntity[]> {
    let stored = this.stored.get(instance.id);
    if (!stored) {
      stored = await this.ctx.em
        .getRepository(EventSubscriptionEntity)
        .findBy({ processInstanceId: instance.id, eventType: 'conditional' });
      this.stored.set(instance.id, stored);
    }
    const created = this.ctx
      .manager(EventContext)
      .createdSubscriptions()
      .filter((s) => s.processInstanceId === instance.id && s.eventType === 'conditional');
    const all = [...stored.filter((s) => !this.ctx.manager(EventContext).isDropped(s)), ...created];
    const depth = (s: EventSubscriptionEntity) => {
      const e = instance.get(s.executionId ?? '');
      return e ? instance.ancestry(e).length : 0;
    };
    return all.sort((a, b) => depth(a) - depth(b));
  }

  private affected(
    instance: ProcessInstanceState,
    subscription: EventSubscriptionEntity,
    changes: VariableChange[],
  ): boolean {
    const def = definitionOf(instance, subscription);
    const execution = instance.get(subscription.executionId ?? '');
    if (!def || !execution) return false;
    const chain = instance.ancestry(execution);
    return changes.some(
      (c) =>
        (def.variableName == null || def.variableName === c.name) &&
        (def.variableEvents.length === 0 || def.variableEvents.includes(c.event)) &&
        (c.execution == null || chain.includes(c.execution)),
    );
  }

  private async tryTrigger(instance: ProcessInstanceState, subscription: EventSubscriptionEntity): Promise<boolean> {
    if (instance.ended || this.ctx.manager(EventContext).isDropped(subscription)) return false;
    const execution = instance.get(subscription.executionId ?? '');
    const def = definitionOf(instance, subscription);
    if (!execution || !def || !(await conditionHolds(this.ctx, execution, def, subscription.activityId!))) return false;
    const outcome = await triggerEvent(this.ctx, instance, execution, subscription.activityId!);
    if (outcome === 'consumed') this.ctx.manager(EventContext).forget(subscription);
    return true;
  }
}

/** `RuntimeDeps.settleConditions`: handed to the agenda by the process engine (what it triggers runs the runtime). */
export function settleConditions(ctx: RuntimeContext): Promise<boolean> {
  return ctx.manager(ConditionalEvaluation).settle();
}
