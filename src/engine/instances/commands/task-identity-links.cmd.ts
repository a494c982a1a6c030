import { IdentityLinkEntity } from '../../../persistence/entities/runtime/identity-link.entity';
import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { selectRows } from '../../../persistence/raw-rows';
import { checkReadTaskOnly, checkTaskAssign } from '../../bpmn/runtime/runtime-authorization';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { changeTaskUser, fireTaskUpdated, listensTo } from '../../bpmn/runtime/task-listeners';
import { Command } from '../../command/command';
import { TaskManager } from '../../entities/task.manager';
import { BadUserRequestError, NotFoundError, NullValueError, SuspendedEntityInteractionError } from '../../errors';
import { TaskIdentityLink } from '../runtime-types';
import { logTaskOperation } from './task-operation-log';

export const ASSIGNEE = 'assignee';
export const OWNER = 'owner';

export async function findTaskOrFail(ctx: RuntimeContext, taskId: string): Promise<TaskEntity> {
  const task = await ctx.manager(TaskManager).find(taskId);
  if (!task) throw new NotFoundError(`Cannot find task with id ${taskId}: task is null`);
  return task;
}

/** Camunda's check before changing assignments and links: a suspended task keeps them. */
export function ensureTaskActive(task: TaskEntity): void {
  if (task.suspensionState === 2)
    throw new SuspendedEntityInteractionError(`ENGINE-03043 task with id '${task.id}' is suspended.`);
}

function storedLinks(ctx: RuntimeContext, taskId: string): Promise<IdentityLinkEntity[]> {
  return selectRows(ctx.em, IdentityLinkEntity, 'WHERE t.task_id = ? ORDER BY t.id', [taskId]);
}

/** The stored links, then the assignee and the owner as links of their own type (as Camunda lists them). */
export class GetTaskIdentityLinksCmd implements Command<TaskIdentityLink[]> {
  constructor(private readonly taskId: string) {}

  async execute(ctx: RuntimeContext): Promise<TaskIdentityLink[]> {
    const task = await findTaskOrFail(ctx, this.taskId);
    await checkReadTaskOnly(ctx, task);
    const links: TaskIdentityLink[] = (await storedLinks(ctx, task.id)).map((l) => ({
      userId: l.userId,
      groupId: l.groupId,
      type: l.type,
    }));
    if (task.assignee != null) links.push({ userId: task.assignee, groupId: null, type: ASSIGNEE });
    if (task.owner != null) links.push({ userId: task.owner, groupId: null, type: OWNER });
    return links;
  }
}

/** Camunda validates the link before it looks for the task. */
function validate(link: TaskIdentityLink): void {
  if (link.type == null)
    throw new NullValueError('type is required when adding a new task identity link: type is null');
  if (link.type === ASSIGNEE || link.type === OWNER) {
    if (link.groupId != null)
      throw new BadUserRequestError(
        `Incompatible usage: cannot use type '${link.type}' together with a groupId`,
        'ProcessEngineException',
      );
  } else if (link.userId == null && link.groupId == null) {
    throw new BadUserRequestError('userId and groupId cannot both be null', 'ProcessEngineException');
  }
}

/** Assignee and owner links set the task's fields; any other type is a stored link. Whether it changed. */
export function setAssigneeOrOwner(
  ctx: RuntimeContext,
  task: TaskEntity,
  field: 'assignee' | 'owner',
  userId: string | null,
): boolean {
  return changeTaskUser(ctx, task, field, userId);
}

/**
 * A property of a created process task changed through the task service: its `update` listeners, then
 * `assignment` when the assignee changed, as Camunda's TaskEntity.triggerUpdateEvent.
 */
export async function taskUpdated(ctx: RuntimeContext, task: TaskEntity, assigneeChanged: boolean): Promise<void> {
  // Without update or assignment listeners the instance need not be loaded.
  if (!task.processInstanceId || !(await listensTo(ctx, task, ['update', 'assignment']))) return;
  const instance = await ctx.loadInstance(task.processInstanceId);
  if (instance) await fireTaskUpdated(ctx, instance, task, assigneeChanged);
}

/**
 * The checks both link commands make, and their assignee/owner case (a link of that type sets the task's field to
 * `assigneeOrOwner`): the task when a stored link is to be added or removed, null when the command is done.
 */
async function linkTask(
  ctx: RuntimeContext,
  taskId: string,
  link: TaskIdentityLink,
  assigneeOrOwner: string | null,
): Promise<TaskEntity | null> {
  validate(link);
  const task = await findTaskOrFail(ctx, taskId);
  await checkTaskAssign(ctx, task);
  ensureTaskActive(task);
  if (link.type !== ASSIGNEE && link.type !== OWNER) return task;
  const before = task[link.type];
  if (setAssigneeOrOwner(ctx, task, link.type, assigneeOrOwner)) {
    logTaskOperation(ctx, task, link.type === ASSIGNEE ? 'Assign' : 'SetOwner', [
      { property: link.type, orgValue: before, newValue: task[link.type] },
    ]);
    await taskUpdated(ctx, task, link.type === ASSIGNEE);
  }
  return null;
}

export class AddTaskIdentityLinkCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly link: TaskIdentityLink,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const task = await linkTask(ctx, this.taskId, this.link, this.link.userId);
    if (!task) return;
    const { userId, groupId, type } = this.link;
    logTaskOperation(
      ctx,
      task,
      userId != null ? 'AddUserLink' : 'AddGroupLink',
      [{ property: type, newValue: userId ?? groupId }],
      'IdentityLink',
    );
    ctx.manager(TaskManager).addIdentityLink(task, { userId, groupId, type });
    await taskUpdated(ctx, task, false);
  }
}

export class DeleteTaskIdentityLinkCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly link: TaskIdentityLink,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const task = await linkTask(ctx, this.taskId, this.link, null);
    if (!task) return;
    const { userId, groupId, type } = this.link;
    let removed = false;
    for (const link of await storedLinks(ctx, task.id)) {
      // Camunda removes the user's links when a user is given, otherwise the group's.
      const matches = link.type === type && (userId != null ? link.userId === userId : link.groupId === groupId);
      if (matches) {
        ctx.manager(TaskManager).deleteIdentityLink(task, link);
        removed = true;
      }
    }
    if (!removed) return;
    logTaskOperation(
      ctx,
      task,
      userId != null ? 'DeleteUserLink' : 'DeleteGroupLink',
      [{ property: type, orgValue: userId ?? groupId }],
      'IdentityLink',
    );
    await taskUpdated(ctx, task, false);
  }
}
