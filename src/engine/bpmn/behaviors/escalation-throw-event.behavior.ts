import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { escalationDefinitionOf, findCatch } from '../runtime/events/catch-search';
import { triggerEvent } from '../runtime/events/event-trigger';

/**
 * Escalation intermediate throw and end events, as in Camunda: the nearest boundary event or event
 * sub-process whose escalation matches (by code, or catching all) runs; an interrupting one cancels
 * its scope, thrower included. Otherwise the throwing token goes on: out of the throw event, or it
 * ends at the end event. An escalation nobody catches is no error.
 */
export class EscalationThrowEventBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, execution, node, ref } = activity;
    const code = escalationDefinitionOf(node)?.escalationCode ?? '';
    const caught = await findCatch(ctx, instance, execution, ref, {
      definitionOf: escalationDefinitionOf,
      codeOf: (d) => d.escalationCode,
      code,
      skipEventSubProcessId: node.scopeId,
    });
    const activityInstanceId = execution.activityInstanceId;
    if (caught) {
      const variable = caught.definition.escalationCodeVariable;
      const variables = variable ? { [variable]: { type: 'string' as const, value: code, valueInfo: {} } } : null;
      // a boundary event waits on the scope execution of its activity, an event sub-process on its scope's
      await triggerEvent(ctx, caught.frame.instance, caught.frame.scope!, caught.node.id, { variables });
      if (caught.kind === 'boundary' ? caught.node.cancelActivity : caught.node.isInterrupting) return;
    }
    // a non-interrupting catch in this very scope may have moved the throwing token to a new concurrent execution
    const leaving = execution.activityInstanceId === activityInstanceId ? execution : movedToken(activity, activityInstanceId);
    if (!leaving) return;
    ctx.agenda.plan({ kind: 'ACTIVITY_END', execution: leaving, activityId: ref.id, flowIds: node.type === 'endEvent' ? [] : undefined });
  }
}

function movedToken(activity: ActivityExecution, activityInstanceId: string | null): ExecutionEntity | undefined {
  return [...activity.instance.executions.values()].find((e) => e.activityInstanceId === activityInstanceId && e.activityId === activity.ref.id);
}
