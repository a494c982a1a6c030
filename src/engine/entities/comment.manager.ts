import { CommentEntity } from '../../persistence/entities/history/comment.entity';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { CommandContext } from '../command/command-context';
import { newId } from '../util/ids';
import { deleteWhereStatement } from '../../persistence/raw-rows';

/** Camunda keeps a short form beside the full text: white space collapsed, at most 163 characters. */
function eventMessage(message: string): string {
  const collapsed = message.replace(/\s+/g, ' ');
  return collapsed.length > 163 ? `${collapsed.slice(0, 160)}...` : collapsed;
}

/** The one place that writes comments (Camunda's CommentManager): a user's comments on tasks. */
export class CommentManager {
  constructor(private readonly ctx: CommandContext) {}

  /** A comment by the caller on a task, under the process instance given (and its root). */
  addTaskComment(
    task: TaskEntity,
    processInstanceId: string | null,
    rootProcessInstanceId: string | null,
    message: string,
  ): CommentEntity {
    const comment = Object.assign(new CommentEntity(), {
      id: newId(),
      rev: 1,
      type: 'comment',
      time: this.ctx.now(),
      userId: this.ctx.auth?.userId ?? null,
      taskId: task.id,
      rootProcessInstanceId,
      processInstanceId,
      action: 'AddComment',
      message: eventMessage(message),
      fullMessage: message,
      tenantId: task.tenantId,
      removalTime: null,
    });
    this.ctx.uow.insert(CommentEntity, comment);
    return comment;
  }

  /** A new text for a comment: by the caller, now (Camunda's UpdateCommentCmd rewrites author and time). */
  update(comment: CommentEntity, message: string): void {
    this.ctx.uow.track(CommentEntity, comment);
    comment.message = eventMessage(message);
    comment.fullMessage = message;
    comment.time = this.ctx.now();
    comment.action = 'UpdateComment';
    comment.userId = this.ctx.auth?.userId ?? null;
  }

  delete(comment: CommentEntity): void {
    this.ctx.uow.delete(CommentEntity, comment);
  }

  deleteOfTask(taskId: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, CommentEntity, { taskId })]);
  }

  deleteOfProcessInstance(processInstanceId: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, CommentEntity, { processInstanceId })]);
  }
}
