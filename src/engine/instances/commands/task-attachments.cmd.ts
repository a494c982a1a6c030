import { AttachmentEntity } from '../../../persistence/entities/history/attachment.entity';
import { HistoricTaskInstanceEntity } from '../../../persistence/entities/history/historic-task-instance.entity';
import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { selectRows } from '../../../persistence/raw-rows';
import { Resources } from '../../authorization/resources';
import { checkReadTaskOnly, checkTaskWork } from '../../bpmn/runtime/runtime-authorization';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { AttachmentManager, NewAttachment } from '../../entities/attachment.manager';
import { TaskManager } from '../../entities/task.manager';
import { NotFoundError, NullValueError } from '../../errors';
import { TaskAttachment } from '../runtime-types';
import { taskUpdated } from './task-identity-links.cmd';
import { logTaskOperation } from './task-operation-log';

function toAttachment(a: AttachmentEntity): TaskAttachment {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    taskId: a.taskId,
    type: a.type,
    url: a.url,
    createTime: a.createTime,
    removalTime: a.removalTime,
    rootProcessInstanceId: a.rootProcessInstanceId,
    hasContent: a.content != null,
  };
}

function attachmentsOf(ctx: RuntimeContext, taskId: string, attachmentId: string | null): Promise<AttachmentEntity[]> {
  return attachmentId == null
    ? selectRows(ctx.em, AttachmentEntity, 'WHERE t.task_id = ? ORDER BY t.create_time, t.id', [taskId])
    : selectRows(ctx.em, AttachmentEntity, 'WHERE t.task_id = ? AND t.id = ?', [taskId, attachmentId]);
}

/**
 * Changing a task's attachments is working on it: TASK_WORK or UPDATE on a running task (or its definition); a task
 * that has ended is only known to the history, so the permission on the Task resource by its id decides.
 */
async function checkWork(ctx: RuntimeContext, task: TaskEntity | null, taskId: string): Promise<void> {
  if (task) return checkTaskWork(ctx, task);
  await ctx.checkPermissions(
    ['TASK_WORK', 'UPDATE'].map((permission) => ({ permission, resource: Resources.TASK, resourceId: taskId })),
  );
}

async function checkRead(ctx: RuntimeContext, task: TaskEntity | null, taskId: string): Promise<void> {
  if (task) return checkReadTaskOnly(ctx, task);
  await ctx.checkPermissions([{ permission: 'READ', resource: Resources.TASK, resourceId: taskId }]);
}

/** TaskService.createAttachment for a task, running or ended (Camunda attaches to either); logged as AddAttachment. */
export class CreateTaskAttachmentCmd implements Command<TaskAttachment> {
  constructor(
    private readonly taskId: string,
    private readonly attachment: NewAttachment,
  ) {}

  async execute(ctx: RuntimeContext): Promise<TaskAttachment> {
    const task = await ctx.manager(TaskManager).find(this.taskId);
    const [historic] = task
      ? []
      : await selectRows(ctx.em, HistoricTaskInstanceEntity, 'WHERE t.id = ?', [this.taskId]);
    if (!task && !historic) throw new NotFoundError(`Cannot find task with id ${this.taskId}: task is null`);
    await checkWork(ctx, task, this.taskId);
    const processInstanceId = task ? task.processInstanceId : historic.processInstanceId;
    let rootProcessInstanceId = historic?.rootProcessInstanceId ?? null;
    if (task?.processInstanceId) {
      const instance = await ctx.loadInstance(task.processInstanceId);
      rootProcessInstanceId = instance ? (instance.root.rootProcessInstanceId ?? instance.id) : null;
    }
    const row = ctx.manager(AttachmentManager).add(
      {
        taskId: this.taskId,
        processInstanceId,
        rootProcessInstanceId,
        tenantId: task ? task.tenantId : historic.tenantId,
      },
      this.attachment,
    );
    if (task) {
      logTaskOperation(
        ctx,
        task,
        'AddAttachment',
        [{ property: 'name', orgValue: null, newValue: this.attachment.name }],
        'Attachment',
      );
      await taskUpdated(ctx, task, false);
    }
    return toAttachment(row);
  }
}

/** A task's attachments in the order they were added, or the one asked for; READ on the task. */
export class GetTaskAttachmentsCmd implements Command<TaskAttachment[]> {
  constructor(
    private readonly taskId: string,
    private readonly attachmentId: string | null = null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<TaskAttachment[]> {
    await checkRead(ctx, await ctx.manager(TaskManager).find(this.taskId), this.taskId);
    return (await attachmentsOf(ctx, this.taskId, this.attachmentId)).map(toAttachment);
  }
}

/** The uploaded bytes of a task's attachment; null when there is no such attachment or it is a link. */
export class GetTaskAttachmentContentCmd implements Command<Buffer | null> {
  constructor(
    private readonly taskId: string,
    private readonly attachmentId: string,
  ) {}

  async execute(ctx: RuntimeContext): Promise<Buffer | null> {
    await checkRead(ctx, await ctx.manager(TaskManager).find(this.taskId), this.taskId);
    const [row] = await attachmentsOf(ctx, this.taskId, this.attachmentId);
    return row?.content ?? null;
  }
}

/** TaskService.deleteTaskAttachment: the attachment and its content go; logged as DeleteAttachment. */
export class DeleteTaskAttachmentCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly attachmentId: string,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const [row] = await attachmentsOf(ctx, this.taskId, this.attachmentId);
    if (!row)
      throw new NullValueError(
        `No attachment exist for task id '${this.taskId} and attachmentId '${this.attachmentId}'.: attachment is null`,
      );
    const task = await ctx.manager(TaskManager).find(this.taskId);
    await checkWork(ctx, task, this.taskId);
    ctx.manager(AttachmentManager).delete(row);
    if (task) {
      logTaskOperation(
        ctx,
        task,
        'DeleteAttachment',
        [{ property: 'name', orgValue: null, newValue: row.name }],
        'Attachment',
      );
      await taskUpdated(ctx, task, false);
    }
  }
}
