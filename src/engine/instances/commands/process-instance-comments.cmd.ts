import { CommentEntity } from '../../../persistence/entities/history/comment.entity';
import { HistoricProcessInstanceEntity } from '../../../persistence/entities/history/historic-process-instance.entity';
import { selectRows } from '../../../persistence/raw-rows';
import { Resources } from '../../authorization/resources';
import { checkUpdateInstance } from '../../bpmn/runtime/runtime-authorization';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { inInstance, OPERATION_CATEGORY, PropertyChange } from '../../command/user-operation';
import { CommentManager } from '../../entities/comment.manager';
import { AuthorizationError, BadUserRequestError, NullValueError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { TaskComment } from '../runtime-types';
import { toComment } from './task-comments.cmd';

/**
 * The comments under a process instance (its tasks' included), newest first; null when the instance is not in the
 * history the caller may read (READ_HISTORY on its definition, as Camunda's historic query filters it).
 */
export class GetProcessInstanceCommentsCmd implements Command<TaskComment[] | null> {
  constructor(private readonly processInstanceId: string) {}

  async execute(ctx: RuntimeContext): Promise<TaskComment[] | null> {
    const [historic] = await selectRows(ctx.em, HistoricProcessInstanceEntity, 'WHERE t.id = ?', [
      this.processInstanceId,
    ]);
    if (!historic) return null;
    try {
      await ctx.checkPermissions([
        {
          permission: 'READ_HISTORY',
          resource: Resources.PROCESS_DEFINITION,
          resourceId: historic.processDefinitionKey,
        },
      ]);
    } catch (err) {
      if (err instanceof AuthorizationError) return null;
      throw err;
    }
    const rows = await selectRows(
      ctx.em,
      CommentEntity,
      "WHERE t.proc_inst_id = ? AND t.type = 'comment' ORDER BY t.time DESC, t.id DESC",
      [this.processInstanceId],
    );
    return rows.map(toComment);
  }
}

/** The running instance a comment command works on, after the caller's UPDATE on it (or UPDATE_INSTANCE). */
async function updatedInstance(ctx: RuntimeContext, processInstanceId: string) {
  const instance = await ctx.loadInstance(processInstanceId);
  if (!instance)
    throw new NullValueError(
      `No processInstance exists with processInstanceId: ${processInstanceId}: processInstance is null`,
    );
  await checkUpdateInstance(ctx, { id: instance.id, definitionKey: instance.definition.key });
  return instance;
}

function logCommentOperation(
  ctx: RuntimeContext,
  instance: Parameters<typeof inInstance>[0],
  operationType: 'UpdateComment' | 'DeleteComment',
  change: PropertyChange,
): void {
  ctx.manager(HistoryLogManager).userOperation({
    operationType,
    entityType: 'Comment',
    category: OPERATION_CATEGORY.operator,
    changes: [change],
    ...inInstance(instance),
  });
}

/** TaskService.updateProcessInstanceComment: new text, the caller as author, the current time. */
export class UpdateProcessInstanceCommentCmd implements Command<void> {
  constructor(
    private readonly processInstanceId: string,
    private readonly commentId: string | null,
    private readonly message: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    if (this.commentId == null) throw new NullValueError('commentId is null');
    if (this.message == null) throw new NullValueError('message is null');
    const [comment] = await selectRows(ctx.em, CommentEntity, 'WHERE t.proc_inst_id = ? AND t.id = ?', [
      this.processInstanceId,
      this.commentId,
    ]);
    if (!comment)
      throw new NullValueError(
        `No comment exists with commentId: ${this.commentId} and processInstanceId: ${this.processInstanceId}: comment is null`,
      );
    const instance = await updatedInstance(ctx, this.processInstanceId);
    const oldMessage = comment.message;
    ctx.manager(CommentManager).update(comment, this.message);
    logCommentOperation(ctx, instance, 'UpdateComment', {
      property: 'comment',
      orgValue: oldMessage,
      newValue: this.message,
    });
  }
}

/** TaskService.deleteProcessInstanceComment(s): one comment (an unknown one is no error) or all of the instance. */
export class DeleteProcessInstanceCommentsCmd implements Command<void> {
  constructor(
    private readonly processInstanceId: string | null,
    private readonly commentId: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    if (this.processInstanceId == null) throw new BadUserRequestError('processInstanceId is null');
    const instance = await updatedInstance(ctx, this.processInstanceId);
    const comments = ctx.manager(CommentManager);
    if (this.commentId != null) {
      const [comment] = await selectRows(ctx.em, CommentEntity, 'WHERE t.proc_inst_id = ? AND t.id = ?', [
        this.processInstanceId,
        this.commentId,
      ]);
      if (comment) comments.delete(comment);
    } else {
      comments.deleteOfProcessInstance(this.processInstanceId);
    }
    logCommentOperation(ctx, instance, 'DeleteComment', { property: 'comment', orgValue: null, newValue: null });
  }
}

/** Whether the history knows the process instance (running or ended), as Camunda's comment resource asks first. */
export class ProcessInstanceInHistoryCmd implements Command<boolean> {
  constructor(private readonly processInstanceId: string) {}

  async execute(ctx: RuntimeContext): Promise<boolean> {
    const rows = await selectRows(ctx.em, HistoricProcessInstanceEntity, 'WHERE t.id = ?', [this.processInstanceId]);
    return rows.length > 0;
  }
}
