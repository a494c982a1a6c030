import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ExternalTaskEntity } from '../../../persistence/entities/runtime/external-task.entity';
import { ActivityRef, resolveActivity } from '../../bpmn/runtime/activity-ref';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { ProcessInstanceState } from '../../bpmn/runtime/process-instance-state';
import { NotFoundError, ProcessEngineError, SuspendedEntityInteractionError } from '../../errors';
import { checkUpdateInstance } from '../../bpmn/runtime/runtime-authorization';
import { ExternalTaskCompletionOptions } from '../external-task-types';

export interface LoadedExternalTask {
  task: ExternalTaskEntity;
  instance: ProcessInstanceState;
  execution: ExecutionEntity;
  ref: ActivityRef;
}

/** An external task with its instance, checked: exists, caller's check, UPDATE permission, not suspended. */
export async function loadExternalTask(
  ctx: RuntimeContext,
  id: string,
  options: ExternalTaskCompletionOptions | undefined,
): Promise<LoadedExternalTask> {
  const { row: task, instance } = await ctx.findExternalTaskWithInstance(id);
  if (!task) throw new NotFoundError(`External task with id ${id} does not exist`);
  options?.check?.(task);
  if (!instance) throw new ProcessEngineError(`The process instance of external task ${id} does not exist`);
  await checkUpdateInstance(ctx, {
    id: instance.id,
    definitionKey: instance.definition.key,
    tenantId: instance.definition.tenantId,
  });
  if (task.suspensionState === 2)
    throw new SuspendedEntityInteractionError(`ENGINE-03043 ExternalTask with id '${id}' is suspended.`);
  const execution = task.executionId ? instance.get(task.executionId) : undefined;
  const ref = resolveActivity(instance.graph, task.activityId);
  if (!execution || !ref)
    throw new ProcessEngineError(
      `External task ${id} does not belong to a waiting activity of process instance ${instance.id}`,
    );
  return { task, instance, execution, ref };
}
