import { ActivityBehavior } from '../runtime/activity-behavior';
import type { ActivityExecution } from '../runtime/activity-execution';
import { runScript } from '../runtime/scripts';

/** bpmn:scriptTask: runs its JavaScript in the sandbox, stores the result in camunda:resultVariable, leaves. */
export class ScriptTaskBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const node = activity.node;
    if (node.type !== 'scriptTask') throw new Error(`not a script task: ${node.id}`);
    const result = await runScript(activity.ctx, activity.execution, node.script, node.id);
    if (node.resultVariable) activity.setVariable(node.resultVariable, result);
    activity.leave();
  }
}
