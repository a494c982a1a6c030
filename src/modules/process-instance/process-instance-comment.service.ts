import { Injectable } from '@nestjs/common';
import { CommentDto, toCommentDto, UpdateCommentDto } from '../../common/dto/comment.dto';
import { notFound, RestError } from '../../common/errors/rest-error';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';

const unknownInstance = (id: string) => notFound(`No process instance found for id ${id}`);

/** Camunda's ProcessInstanceCommentResource: history must be on, the instance known to it, then the engine decides. */
@Injectable()
export class ProcessInstanceCommentService {
  constructor(private readonly engine: ProcessEngine) {}

  private historyEnabled(): boolean {
    return this.engine.options.historyLevel !== 'none';
  }

  /** Without history there are no comments: an empty list, as in Camunda. */
  async comments(auth: Authentication | null, id: string): Promise<CommentDto[]> {
    if (!this.historyEnabled()) return [];
    const comments = await this.engine.runtime.getProcessInstanceComments(auth, id);
    if (!comments) throw unknownInstance(id);
    return comments.map((c) => toCommentDto(c));
  }

  async update(auth: Authentication | null, id: string, dto: UpdateCommentDto): Promise<void> {
    await this.commentableInstance(auth, id);
    await this.engine.runtime.updateProcessInstanceComment(auth, id, dto.id ?? null, dto.message ?? null);
  }

  async delete(auth: Authentication | null, id: string, commentId: string | null): Promise<void> {
    await this.commentableInstance(auth, id);
    await this.engine.runtime.deleteProcessInstanceComments(auth, id, commentId);
  }

  private async commentableInstance(auth: Authentication | null, id: string): Promise<void> {
    if (!this.historyEnabled()) throw new RestError(403, 'History is not enabled');
    if (!(await this.engine.runtime.processInstanceInHistory(auth, id))) throw unknownInstance(id);
  }
}
