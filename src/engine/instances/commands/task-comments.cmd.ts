import { CommentEntity } from '../../../persistence/entities/history/comment.entity';
import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { HistoricTaskInstanceEntity } from '../../../persistence/entities/history/historic-task-instance.entity';
import { selectRows } from '../../../persistence/raw-rows';
import { Resources } from '../../authorization/resources';
import { checkReadTaskOnly, checkTaskWork } from '../../bpmn/runtime/runtime-authorization';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { CommentManager } from '../../entities/comment.manager';
import { TaskManager } from '../../entities/task.manager';
import { NotFoundError, NullValueError } from '../../errors';
import { TaskComment } from '../runtime-types';
import { ensureTaskActive, taskUpdated } from './task-identity-links.cmd';
import { logTaskOperation } from './task-operation-log';

export function toComment(c: CommentEntity): TaskComment {
  return {
    id: c.id,
    userId: c.userId,
    taskId: c.taskId,
    processInstanceId: c.processInstanceId,
    rootProcessInstanceId: c.rootProcessInstanceId,
    time: c.time,
    message: c.fullMessage,
    removalTime: c.removalTime,
  };
}

/** Adds a comment by the caller to a running task: TASK_WORK or UPDATE on it, as working on the task. */
export class CreateTaskCommentCmd implements Command<TaskComment> {
  constructor(
    private readonly taskId: string,
    private readonly processInstanceId: string | null,
    private readonly message: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<TaskComment> {
    const task = await ctx.manager(TaskManager).find(this.taskId);
    if (!task) throw new NotFoundError(`No task found for task id ${this.taskId}`);
    if (this.message == null) throw new NullValueError('Message is null');
    await checkTaskWork(ctx, task);
    ensureTaskActive(task);
    const processInstanceId = this.processInstanceId ?? task.processInstanceId;
    let rootProcessInstanceId: string | null = null;
    if (processInstanceId != null) {
      const [instance] = await selectRows(ctx.em, ExecutionEntity, 'WHERE t.id = ?', [processInstanceId]);
      if (!instance)
        throw new NullValueError(`No processInstance found for id ${processInstanceId}: processInstance is null`);
      rootProcessInstanceId = instance.rootProcessInstanceId ?? instance.id;
    }
    const comment = ctx
      .manager(CommentManager)
      .addTaskComment(task, processInstanceId, rootProcessInstanceId, this.message);
    // A comment belongs to the task: an update of a created task, as Camunda's AddCommentCmd fires it.
    await taskUpdated(ctx, task, false);
    return toComment(comment);
  }
}

/**
 * A task's comments, newest first (as Camunda lists them), or null when neither the task nor comments of it exist. A
 * running task
 * needs READ on it (or READ_TASK on its definition); comments of a task that has ended need READ on Task.
 */
export class GetTaskCommentsCmd implements Command<TaskComment[] | null> {
  constructor(
    private readonly taskId: string,
    private readonly commentId: string | null = null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<TaskComment[] | null> {
    const task = await ctx.manager(TaskManager).find(this.taskId);
    const rows = this.commentId
      ? await selectRows(ctx.em, CommentEntity, "WHERE t.task_id = ? AND t.id = ? AND t.type = 'comment'", [
          this.taskId,
          this.commentId,
        ])
      : await selectRows(
          ctx.em,
          CommentEntity,
          "WHERE t.task_id = ? AND t.type = 'comment' ORDER BY t.time DESC, t.id DESC",
          [this.taskId],
        );
    if (!task && !rows.length) return null;
    if (task) await checkReadTaskOnly(ctx, task);
    else await ctx.checkPermissions([{ permission: 'READ', resource: Resources.TASK, resourceId: this.taskId }]);
    return rows.map(toComment);
  }
}

/** The running task a comment command works on, after the caller's TASK_WORK (or UPDATE) on it. */
async function workedTask(ctx: RuntimeContext, taskId: string) {
  const task = await ctx.manager(TaskManager).find(taskId);
  if (!task) throw new NullValueError(`No task exists with taskId: ${taskId}: task is null`);
  await checkTaskWork(ctx, task);
  return task;
}

/** TaskService.updateTaskComment: the comment gets the new text, the caller as author and the current time. */
export class UpdateTaskCommentCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly commentId: string | null,
    private readonly message: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    if (this.commentId == null) throw new NullValueError('commentId is null');
    if (this.message == null) throw new NullValueError('message is null');
    const [comment] = await selectRows(ctx.em, CommentEntity, 'WHERE t.task_id = ? AND t.id = ?', [
      this.taskId,
      this.commentId,
    ]);
    if (!comment)
      throw new NullValueError(
        `No comment exists with commentId: ${this.commentId} and taskId: ${this.taskId}: comment is null`,
      );
    const task = await workedTask(ctx, this.taskId);
    const oldMessage = comment.message;
    ctx.manager(CommentManager).update(comment, this.message);
    logTaskOperation(
      ctx,
      task,
      'UpdateComment',
      [{ property: 'comment', orgValue: oldMessage, newValue: this.message }],
      'Comment',
    );
    await taskUpdated(ctx, task, false);
  }
}

/** TaskService.deleteTaskComment(s): one comment (an unknown one is no error) or all of a running task. */
export class DeleteTaskCommentsCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly commentId: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const task = await workedTask(ctx, this.taskId);
    const comments = ctx.manager(CommentManager);
    if (this.commentId != null) {
      const [comment] = await selectRows(ctx.em, CommentEntity, 'WHERE t.task_id = ? AND t.id = ?', [
        this.taskId,
        this.commentId,
      ]);
      if (comment) comments.delete(comment);
    } else {
      comments.deleteOfTask(this.taskId);
    }
    logTaskOperation(ctx, task, 'DeleteComment', [{ property: 'comment', orgValue: null, newValue: null }], 'Comment');
    await taskUpdated(ctx, task, false);
  }
}

/** Whether the history knows the task (running or ended), as Camunda's comment resource asks before it acts. */
export class TaskInHistoryCmd implements Command<boolean> {
  constructor(private readonly taskId: string) {}

  async execute(ctx: RuntimeContext): Promise<boolean> {
    return (await selectRows(ctx.em, HistoricTaskInstanceEntity, 'WHERE t.id = ?', [this.taskId])).length > 0;
  }
}
