import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { OPERATION_CATEGORY, PropertyChange } from '../../history/user-operation';

/** Camunda's operation types on tasks. */
export type TaskOperation = 'Claim' | 'Assign' | 'SetOwner' | 'Delegate' | 'Resolve' | 'Complete' | 'Update';

/**
 * Logs a user's operation on a task with the properties it changed (Camunda's TaskEntity.logUserOperation), as a task
 * worker's. The root instance is known when the command loaded the instance; the cleanup finds the others by instance.
 */
export function logTaskOperation(ctx: RuntimeContext, task: TaskEntity, operationType: TaskOperation, changes: PropertyChange[]): void {
  if (!ctx.logs.enabled) return;
  const instance = task.processInstanceId ? ctx.instances.get(task.processInstanceId) : undefined;
  ctx.logs.userOperation({
    operationType,
    entityType: 'Task',
    category: OPERATION_CATEGORY.taskWorker,
    changes,
    taskId: task.id,
    executionId: task.executionId,
    processInstanceId: task.processInstanceId,
    processDefinitionId: task.processDefinitionId,
    processDefinitionKey: task.processDefinitionKey,
    rootProcessInstanceId: instance ? (instance.root.rootProcessInstanceId ?? instance.id) : null,
    tenantId: task.tenantId,
  });
}

/** The changed fields of a task between two snapshots, as Camunda's property changes. */
export function taskChanges(before: Partial<TaskEntity>, task: TaskEntity, fields: Array<keyof TaskEntity>): PropertyChange[] {
  return fields.filter((f) => (before[f] ?? null) !== (task[f] ?? null)).map((f) => ({ property: f, orgValue: before[f] ?? null, newValue: task[f] ?? null }));
}
