import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { selectRows } from '../../../persistence/raw-rows';
import { Resources } from '../../authorization/resources';
import { checkTaskAssign } from '../../bpmn/runtime/runtime-authorization';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { TaskManager } from '../../entities/task.manager';
import { BadUserRequestError, NotFoundError, NotValidError } from '../../errors';
import { newId } from '../../util/ids';
import { TaskProperties } from '../runtime-types';
import { ensureTaskActive, setAssigneeOrOwner, taskUpdated } from './task-identity-links.cmd';
import { logTaskOperation, taskChanges } from './task-operation-log';

/** Camunda's SaveTaskCmd on a task that exists: TASK_ASSIGN or UPDATE, every field replaced, the tenant kept. */
export class UpdateTaskCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly properties: TaskProperties,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const task = await ctx.manager(TaskManager).find(this.taskId);
    if (!task) throw new NotFoundError(`No matching task with id ${this.taskId}`);
    await checkTaskAssign(ctx, task);
    // Camunda's setAssignee refuses a suspended task, and the update always calls it.
    ensureTaskActive(task);
    const p = this.properties;
    if ((task.tenantId ?? null) !== p.tenantId) {
      throw new BadUserRequestError(
        `ENGINE-03072 Cannot change tenantId of Task '${task.id}'. Current tenant id '${task.tenantId}', Tenant id to set '${p.tenantId}'`,
        'ProcessEngineException',
      );
    }
    const before = { ...task };
    Object.assign(task, {
      name: p.name,
      description: p.description,
      priority: p.priority,
      delegationState: p.delegationState,
      dueDate: p.dueDate,
      followUpDate: p.followUpDate,
      parentTaskId: p.parentTaskId,
      lastUpdated: ctx.now(),
    });
    const assigneeChanged = setAssigneeOrOwner(ctx, task, 'assignee', p.assignee);
    setAssigneeOrOwner(ctx, task, 'owner', p.owner);
    const changes = taskChanges(before, task, [
      'name',
      'description',
      'priority',
      'delegationState',
      'dueDate',
      'followUpDate',
      'parentTaskId',
      'owner',
      'assignee',
    ]);
    if (changes.length) logTaskOperation(ctx, task, 'Update', changes);
    await taskUpdated(ctx, task, assigneeChanged);
  }
}

/** A standalone task (no process): CREATE on tasks; a parent task must exist and gives its tenant. */
export class CreateTaskCmd implements Command<string> {
  constructor(
    private readonly id: string | null,
    private readonly properties: TaskProperties,
  ) {}

  async execute(ctx: RuntimeContext): Promise<string> {
    await ctx.checkPermissions([{ permission: 'CREATE', resource: Resources.TASK }]);
    const p = this.properties;
    const id = this.id ?? newId();
    let tenantId = p.tenantId;
    if (p.parentTaskId != null) {
      const parent = await ctx.manager(TaskManager).find(p.parentTaskId);
      if (!parent)
        throw new NotValidError(`Parent task with id '${p.parentTaskId}' does not exist: parentTask is null`);
      if (parent.suspensionState === 2)
        throw new BadUserRequestError(
          `ENGINE-03043 parent task with id '${id}' is suspended.`,
          'SuspendedEntityInteractionException',
        );
      if (tenantId != null && tenantId !== parent.tenantId) {
        throw new BadUserRequestError(
          `ENGINE-03073 Cannot set different tenantId on subtask '${p.parentTaskId}'. Tenant id '${parent.tenantId}', Tenant id to set '${tenantId}'`,
          'ProcessEngineException',
        );
      }
      tenantId = parent.tenantId;
    }
    const task = Object.assign(new TaskEntity(), {
      id,
      rev: 1,
      executionId: null,
      processInstanceId: null,
      processDefinitionId: null,
      processDefinitionKey: null,
      activityInstanceId: null,
      name: p.name,
      parentTaskId: p.parentTaskId,
      description: p.description,
      taskDefinitionKey: null,
      owner: p.owner,
      assignee: p.assignee,
      delegationState: p.delegationState,
      priority: p.priority,
      createTime: ctx.now(),
      lastUpdated: null,
      dueDate: p.dueDate,
      followUpDate: p.followUpDate,
      suspensionState: 1,
      formKey: null,
      tenantId,
    });
    ctx.manager(TaskManager).insert(task);
    return task.id;
  }
}

/** Only standalone tasks may be deleted (with their subtasks, as Camunda does): DELETE on the task. */
export class DeleteTaskCmd implements Command<void> {
  constructor(private readonly taskId: string) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const task = await ctx.manager(TaskManager).find(this.taskId);
    if (!task) throw new NotFoundError(`No matching task with id ${this.taskId}`);
    // Camunda: a ProcessEngineException and a 500; the caller asked for what cannot be done, so a 400 here.
    if (task.executionId != null)
      throw new BadUserRequestError(
        'The task cannot be deleted because is part of a running process',
        'ProcessEngineException',
      );
    await ctx.checkPermissions([{ permission: 'DELETE', resource: Resources.TASK, resourceId: task.id }]);
    await this.deleteWithSubtasks(ctx, task, new Set());
  }

  private async deleteWithSubtasks(ctx: RuntimeContext, task: TaskEntity, seen: Set<string>): Promise<void> {
    if (seen.has(task.id)) return;
    seen.add(task.id);
    for (const row of await selectRows(ctx.em, TaskEntity, 'WHERE t.parent_task_id = ?', [task.id])) {
      const subtask = await ctx.manager(TaskManager).find(row.id);
      if (subtask && subtask.executionId == null) await this.deleteWithSubtasks(ctx, subtask, seen);
    }
    ctx.manager(TaskManager).delete(task);
  }
}
