import { CommentEntity } from '../../../persistence/entities/history/comment.entity';
import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
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

function toComment(c: CommentEntity): TaskComment {
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
