import { ExternalTaskEntity } from '../../../persistence/entities/runtime/external-task.entity';
import { ProcessEngineError } from '../../errors';
import { newId } from '../../util/ids';
import { ExternalTaskConfig, FlowNode } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';

export function externalTaskConfigOf(node: FlowNode): ExternalTaskConfig | null {
  if ('externalTask' in node && node.externalTask) return node.externalTask;
  if ('eventDefinition' in node && node.eventDefinition?.kind === 'message') return node.eventDefinition.externalTask;
  return null;
}

function priorityOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new ProcessEngineError(`Priority value must be either Short, Integer, or Long: ${String(value)}`);
  return n;
}

/**
 * camunda:type="external": creates an external task row for workers to fetch and waits. The task's
 * priority is the activity's camunda:taskPriority, else the process's, else 0.
 */
export class ExternalTaskBehavior implements ActivityBehavior {
  execute(activity: ActivityExecution): void {
    const { ctx, instance, execution, node } = activity;
    const config = externalTaskConfigOf(node);
    if (!config) throw new ProcessEngineError(`The activity '${node.id}' is not an external task`);
    const topic = activity.evaluate(config.topic);
    if (topic == null || topic === '') throw new ProcessEngineError(`The topic of external task '${node.id}' resolves to nothing: ${config.topic.text}`);
    const priorityExpression = config.priority ?? activity.graph.taskPriority;
    const task = Object.assign(new ExternalTaskEntity(), {
      id: newId(),
      rev: 1,
      workerId: null,
      topicName: String(topic),
      retries: null,
      errorMessage: null,
      errorDetails: null,
      lockExpirationTime: null,
      createTime: ctx.now(),
      suspensionState: instance.root.suspensionState,
      executionId: execution.id,
      processInstanceId: instance.id,
      processDefinitionId: instance.definition.id,
      processDefinitionKey: instance.definition.key,
      activityId: node.id,
      activityInstanceId: execution.activityInstanceId,
      tenantId: instance.root.tenantId,
      priority: priorityExpression ? priorityOf(activity.evaluate(priorityExpression)) : 0,
      businessKey: instance.root.businessKey,
    });
    ctx.insertExternalTask(instance, task);
  }

  /** Completion (or a plain signal): the task row goes and the activity is left. */
  async signal(activity: ActivityExecution): Promise<void> {
    for (const task of await activity.ctx.externalTasksOf(activity.instance)) {
      if (task.executionId === activity.execution.id) activity.ctx.deleteExternalTask(activity.instance, task);
    }
    activity.leave();
  }
}
