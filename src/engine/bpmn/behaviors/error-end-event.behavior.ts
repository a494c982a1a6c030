import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { Agenda } from '../runtime/agenda';

/**
 * Completes as an end event, then throws its error from here: the nearest matching error boundary
 * event or error event sub-process catches it; uncaught, the token just ends (Camunda's default).
 */
export class ErrorEndEventBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    const { ctx, execution, node } = activity;
    const definition =
      'eventDefinition' in node && node.eventDefinition?.kind === 'error' ? node.eventDefinition : null;
    const message = definition?.errorMessage ? activity.evaluate(definition.errorMessage) : null;
    ctx.history.activityEnded(execution.activityInstanceId!);
    ctx.manager(Agenda).plan({
      kind: 'ERROR_PROPAGATE',
      execution,
      activityId: node.id,
      errorCode: definition?.errorCode ?? '',
      errorMessage: message == null ? null : String(message),
      thrownByEndEvent: true,
    });
  }
}
