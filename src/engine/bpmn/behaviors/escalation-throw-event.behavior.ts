import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { escalationDefinitionOf } from '../runtime/events/catch-search';
import { propagateEscalation } from '../runtime/events/escalation-propagation';
import { Agenda } from '../runtime/agenda';

/**
 * Escalation intermediate throw and end events, as in Camunda: unless an interrupting catch canceled
 * the thrower, the throwing token goes on: out of the throw event, or it ends at the end event.
 * An escalation nobody catches is no error.
 */
export class EscalationThrowEventBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, execution, node, ref } = activity;
    const activityInstanceId = execution.activityInstanceId;
    const outcome = await propagateEscalation(
      ctx,
      instance,
      execution,
      ref,
      escalationDefinitionOf(node)?.escalationCode ?? '',
      node.scopeId,
    );
    if (outcome === 'interrupting') return;
    // a non-interrupting catch in this very scope may have moved the throwing token to a new concurrent execution
    const leaving =
      execution.activityInstanceId === activityInstanceId ? execution : movedToken(activity, activityInstanceId);
    if (!leaving) return;
    ctx.manager(Agenda).plan({
      kind: 'ACTIVITY_END',
      execution: leaving,
      activityId: ref.id,
      flowIds: node.type === 'endEvent' ? [] : undefined,
    });
  }
}

function movedToken(activity: ActivityExecution, activityInstanceId: string | null): ExecutionEntity | undefined {
  return [...activity.instance.executions.values()].find(
    (e) => e.activityInstanceId === activityInstanceId && e.activityId === activity.ref.id,
  );
}
