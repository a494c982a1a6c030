import { ProcessEngineError } from '../../errors';
import { BusinessRuleTaskNode } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { resolveDecision } from '../runtime/definition-binding';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { mapDecisionResult } from './decision-result-mapping';
import { VariableStore } from '../runtime/variable-store';

/** Evaluates the referenced decision with the variables in scope and stores the mapped result. */
export class BusinessRuleTaskBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, execution } = activity;
    const node = activity.node as BusinessRuleTaskNode;
    const config = node.decision;
    if (!config) throw new ProcessEngineError(`The business rule task '${node.id}' references no decision`);
    const definition = await resolveDecision(ctx, instance, execution, config.decisionRef, config);
    const result = await ctx.deps.decisions.evaluateIn(ctx, definition, ctx.manager(VariableStore).visible(execution), {
      userId: ctx.auth?.userId ?? null,
      processDefinitionId: instance.definition.id,
      processDefinitionKey: instance.definition.key,
      processInstanceId: instance.id,
      rootProcessInstanceId: instance.root.rootProcessInstanceId,
      activityId: node.id,
      activityInstanceId: execution.activityInstanceId,
    });
    ctx.afterCommit(() => ctx.deps.metrics.decisionsEvaluated(result.evaluations.length));
    if (config.resultVariable)
      activity.setVariable(config.resultVariable, mapDecisionResult(result.rows, config.mapDecisionResult));
    activity.leave();
  }
}
