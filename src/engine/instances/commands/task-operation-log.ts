import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { OPERATION_CATEGORY, PropertyChange } from '../../command/user-operation';
import { HistoryLogManager } from '../../history/history-log.manager';

/** Camunda's operation types on tasks. */
export type TaskOperation =
  | 'Claim'
  | 'Assign'
  | 'SetOwner'
  | 'Delegate'
  | 'Resolve'
  | 'Complete'
  | 'Update'
  | 'AddUserLink'
  | 'AddGroupLink'
  | 'DeleteUserLink'
  | 'DeleteGroupLink'
  | 'UpdateComment'
  | 'DeleteComment'
  | 'AddAttachment'
  | 'DeleteAttachment';

/**
 * Logs a user's operation on a task with the properties it changed (Camunda's TaskEntity.logUserOperation), as a task
 * worker's. The root instance is known when the command loaded the instance; the cleanup finds the others by instance.
 */
export function logTaskOperation(
  ctx: RuntimeContext,
  task: TaskEntity,
  operationType: TaskOperation,
  changes: PropertyChange[],
  entityType: 'Task' | 'IdentityLink' | 'Comment' | 'Attachment' = 'Task',
): void {
  if (!ctx.manager(HistoryLogManager).enabled) return;
  const instance = task.processInstanceId ? ctx.instances.get(task.processInstanceId) : undefined;
  ctx.manager(HistoryLogManager).userOperation({
    operationType,
    entityType,
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

/** Camunda's property names where they differ from the entity's fields. */
const PROPERTY: Partial<Record<keyof TaskEntity, string>> = {
  delegationState: 'delegation',
  parentTaskId: 'parentTask',
};

function comparable(value: unknown): unknown {
  return value instanceof Date ? value.getTime() : (value ?? null);
}

/** The changed fields of a task between two snapshots, as Camunda's property changes. */
export function taskChanges(
  before: Partial<TaskEntity>,
  task: TaskEntity,
  fields: Array<keyof TaskEntity>,
): PropertyChange[] {
  return fields
    .filter((f) => comparable(before[f]) !== comparable(task[f]))
    .map((f) => ({ property: PROPERTY[f] ?? f, orgValue: before[f] ?? null, newValue: task[f] ?? null }));
}
