import { CallActivityNode } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { callBusinessKey, callInputs } from '../runtime/call-mappings';
import { resolveCalledProcess } from '../runtime/definition-binding';
import { createProcessInstance } from '../runtime/instance-start';
import { ActivityBehavior } from '../runtime/activity-behavior';

/**
 * Starts the called process as a sub-instance of this execution (camunda:in mappings, business key)
 * and waits; the called instance's end applies camunda:out and completes this activity.
 */
export class CallActivityBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, execution } = activity;
    const config = (activity.node as CallActivityNode).callActivity;
    const definition = await resolveCalledProcess(ctx, instance, execution, config.calledElement, config);
    const graph = await ctx.graph(definition);
    const called = await createProcessInstance(ctx, definition, graph, {
      businessKey: callBusinessKey(ctx, execution, config),
      variables: callInputs(ctx, execution, config),
      superExecution: execution,
    });
    ctx.history.activityUpdated(execution.activityInstanceId!, { calledProcessInstanceId: called.id });
  }
}
