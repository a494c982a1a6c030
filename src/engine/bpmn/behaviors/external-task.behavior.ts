import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ExternalTaskEntity } from '../../../persistence/entities/runtime/external-task.entity';
import { ExternalTaskManager } from '../../entities/external-task.manager';
import { ProcessEngineError } from '../../errors';
import { newId } from '../../util/ids';
import { ExternalTaskConfig, FlowNode } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { ActivityRef } from '../runtime/activity-ref';
import { evaluate, evaluateCondition } from '../runtime/expression-scope';
import type { RuntimeContext } from '../runtime/runtime-context';
import { Agenda } from '../runtime/agenda';

export function externalTaskConfigOf(node: FlowNode): ExternalTaskConfig | null {
  if ('externalTask' in node && node.externalTask) return node.externalTask;
  if ('eventDefinition' in node && node.eventDefinition?.kind === 'message') return node.eventDefinition.externalTask;
  return null;
}

function priorityOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isSafeInteger(n))
    throw new ProcessEngineError(`Priority value must be either Short, Integer, or Long: ${String(value)}`);
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
    if (topic == null || topic === '')
      throw new ProcessEngineError(`The topic of external task '${node.id}' resolves to nothing: ${config.topic.text}`);
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
    ctx.manager(ExternalTaskManager).insert(task);
  }

  /** Completion (or a plain signal): the task row goes and the activity is left. */
  async signal(activity: ActivityExecution): Promise<void> {
    const tasks = activity.ctx.manager(ExternalTaskManager);
    for (const task of await tasks.ofInstance(activity.instance.id)) {
      if (task.executionId === activity.execution.id) tasks.delete(task);
    }
    activity.leave();
  }
}

/**
 * camunda:errorEventDefinition on an external task, as a worker's completion or failure reaches it:
 * the first mapping whose expression holds turns the result into a BPMN error thrown from the
 * activity (planned on the agenda). True when one did.
 */
export function throwMappedError(ctx: RuntimeContext, execution: ExecutionEntity, ref: ActivityRef): boolean {
  const mapping = externalTaskConfigOf(ref.node)?.errorEventDefinitions.find((d) =>
    evaluateCondition(ctx, execution, d.expression),
  );
  if (!mapping) return false;
  const message = mapping.errorMessage ? evaluate(ctx, execution, mapping.errorMessage) : null;
  ctx.manager(Agenda).plan({
    kind: 'ERROR_PROPAGATE',
    execution,
    activityId: ref.id,
    errorCode: mapping.errorCode ?? '',
    errorMessage: message == null ? null : String(message),
    thrownByEndEvent: false,
  });
  return true;
}
