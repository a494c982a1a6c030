import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { TaskManager } from '../../entities/task.manager';
import { ModelDataError, ProcessEngineError } from '../../errors';
import { compileExpression, containsExpression } from '../../expression';
import { newId } from '../../util/ids';
import { UserTaskNode } from '../model';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { fireTaskCreated, planTaskTimeouts } from '../runtime/task-listeners';
import { toTaskDate } from './task-dates';

function text(activity: ActivityExecution, value: string | null): string | null {
  if (value == null || !containsExpression(value)) return value;
  const result = activity.evaluate(compileExpression(value));
  return result == null ? null : String(result);
}

/** Candidate expressions yield a comma-separated text or a collection. */
function identities(values: unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const items = Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value.split(',')
        : value == null
          ? []
          : [value];
    for (const item of items) {
      const id = String(item).trim();
      if (id && !out.includes(id)) out.push(id);
    }
  }
  return out;
}

function priorityOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw new ModelDataError(`Priority does not resolve to a number: ${String(value)}`);
  return n;
}

/** Creates the task (with its candidates) and waits until the task is completed. */
export class UserTaskBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, instance, execution } = activity;
    const node = activity.node as UserTaskNode;
    const config = node.userTask;
    const value = (e: typeof config.assignee) => (e ? activity.evaluate(e) : null);
    const str = (v: unknown) => (v == null || v === '' ? null : String(v));
    const now = ctx.now();
    const task = Object.assign(new TaskEntity(), {
      id: newId(),
      rev: 1,
      executionId: execution.id,
      processInstanceId: instance.id,
      processDefinitionId: instance.definition.id,
      processDefinitionKey: instance.definition.key,
      activityInstanceId: execution.activityInstanceId,
      name: text(activity, node.name),
      parentTaskId: null,
      description: text(activity, node.documentation),
      taskDefinitionKey: node.id,
      owner: null,
      assignee: str(value(config.assignee)),
      delegationState: null,
      priority: config.priority ? priorityOf(activity.evaluate(config.priority)) : 50,
      createTime: now,
      lastUpdated: null,
      dueDate: toTaskDate(value(config.dueDate), 'Due date', now),
      followUpDate: toTaskDate(value(config.followUpDate), 'Follow up date', now),
      suspensionState: instance.root.suspensionState,
      formKey: str(value(config.formKey)),
      tenantId: instance.root.tenantId,
    });
    const tasks = ctx.manager(TaskManager);
    tasks.insert(task);
    for (const userId of identities(config.candidateUsers.map((e) => activity.evaluate(e))))
      tasks.addCandidate(task, { userId, groupId: null });
    for (const groupId of identities(config.candidateGroups.map((e) => activity.evaluate(e))))
      tasks.addCandidate(task, { userId: null, groupId });
    ctx.history.activityUpdated(execution.activityInstanceId!, { taskId: task.id, assignee: task.assignee });
    if (!(await fireTaskCreated(ctx, instance, task))) planTaskTimeouts(ctx, instance, task);
  }

  signal(): void {
    throw new ProcessEngineError('UserTask should not be signalled before complete');
  }
}
