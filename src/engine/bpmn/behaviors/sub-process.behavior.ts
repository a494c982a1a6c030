import { ProcessEngineError } from '../../errors';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior, ExecuteOptions } from '../runtime/activity-behavior';
import { Agenda } from '../runtime/agenda';

/** Runs in its own scope execution: starts at its none start event (or the triggered event start). */
export class SubProcessBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution, options: ExecuteOptions): void {
    const start = options.startEventId ?? activity.graph.scopes.get(activity.node.id)?.noneStartEventId;
    if (!start)
      throw new ProcessEngineError(`The sub-process '${activity.node.id}' has no none start event to start at`);
    activity.ctx.manager(Agenda).plan({ kind: 'ACTIVITY_START', execution: activity.execution, activityId: start });
  }
}
