import { ProcessEngineError } from '../../errors';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { Agenda } from '../runtime/agenda';

/** Jumps to the link catch event of the same name in the same scope (paired up at parse time). */
export class LinkThrowEventBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    const { ctx, instance, execution, node } = activity;
    const def = 'eventDefinition' in node && node.eventDefinition?.kind === 'link' ? node.eventDefinition : null;
    const target = [...activity.graph.elements.values()].find(
      (n) =>
        n.type === 'intermediateCatchEvent' &&
        n.scopeId === node.scopeId &&
        n.eventDefinition.kind === 'link' &&
        n.eventDefinition.name === def?.name,
    );
    if (!target) throw new ProcessEngineError(`No link catch event named '${def?.name}' in the scope of '${node.id}'`);
    ctx.history.activityEnded(execution.activityInstanceId!);
    execution.activityId = null;
    execution.activityInstanceId = instance.scopeInstanceId(instance.scopeOf(execution));
    ctx.manager(Agenda).plan({ kind: 'ACTIVITY_START', execution, activityId: target.id });
  }
}
