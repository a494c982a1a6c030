import { ExpressionTaskConfig, FlowNode } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { evaluateTyped } from '../runtime/expression-scope';

export function expressionTaskConfigOf(node: FlowNode): ExpressionTaskConfig | null {
  return 'expressionTask' in node && node.expressionTask ? node.expressionTask : null;
}

/** camunda:expression on a service, send or business rule task: evaluated once, its value into camunda:resultVariable, then on. */
export class ExpressionTaskBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    const config = expressionTaskConfigOf(activity.node)!;
    const value = evaluateTyped(activity.ctx, activity.execution, config.expression);
    if (config.resultVariable) activity.setVariable(config.resultVariable, value);
    activity.leave();
  }
}
