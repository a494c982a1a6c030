import { Injectable } from '@nestjs/common';
import { notFound, RestError } from '../../common/errors/rest-error';
import { LinkBuilder } from '../../common/http/links';
import { UploadedPart } from '../../common/variables/variable-scope-resource';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { AttachmentDto, toAttachmentDto } from './task-attachment.dto';

/** The text of a form part: multer hands text parts over as fields, parts sent as files as buffers. */
function part(fields: Record<string, unknown>, files: UploadedPart[], name: string): string | null {
  const file = files.find((f) => f.fieldname === name);
  if (file) return file.buffer.toString('utf8');
  const value = fields[name];
  return value == null ? null : String(Array.isArray(value) ? value[0] : value);
}

/** Camunda's TaskAttachmentResource: history must be on, the task known to it, then the engine decides. */
@Injectable()
export class TaskAttachmentService {
  constructor(private readonly engine: ProcessEngine) {}

  private historyEnabled(): boolean {
    return this.engine.options.historyLevel !== 'none';
  }

  private async ensureTask(auth: Authentication | null, id: string, status: number): Promise<void> {
    if (!(await this.engine.runtime.taskInHistory(auth, id)))
      throw new RestError(status, `No task found for task id ${id}`);
  }

  /** Without history there are no attachments: an empty list, as in Camunda. */
  async list(auth: Authentication | null, id: string): Promise<AttachmentDto[]> {
    if (!this.historyEnabled()) return [];
    await this.ensureTask(auth, id, 404);
    return (await this.engine.runtime.getTaskAttachments(auth, id)).map((a) => toAttachmentDto(a));
  }

  async get(auth: Authentication | null, id: string, attachmentId: string): Promise<AttachmentDto> {
    if (!this.historyEnabled()) throw notFound('History is not enabled');
    const found = await this.engine.runtime.getTaskAttachment(auth, id, attachmentId);
    if (!found) throw notFound(`Task attachment with id ${attachmentId} does not exist for task id '${id}'.`);
    return toAttachmentDto(found);
  }

  async content(auth: Authentication | null, id: string, attachmentId: string): Promise<Buffer> {
    if (!this.historyEnabled()) throw notFound('History is not enabled');
    const bytes = await this.engine.runtime.getTaskAttachmentContent(auth, id, attachmentId);
    if (!bytes)
      throw notFound(`Attachment content for attachment with id '${attachmentId}' does not exist for task id '${id}'.`);
    return bytes;
  }

  /** The uploaded `content` part wins over `url`, as in Camunda; one of them is needed. */
  async create(
    auth: Authentication | null,
    id: string,
    files: UploadedPart[] | undefined,
    fields: Record<string, unknown> | undefined,
    links: LinkBuilder,
  ): Promise<AttachmentDto> {
    if (!this.historyEnabled()) throw new RestError(403, 'History is not enabled');
    await this.ensureTask(auth, id, 400);
    const form = fields ?? {};
    const uploads = files ?? [];
    const contentFile = uploads.find((f) => f.fieldname === 'content');
    const content = contentFile ? contentFile.buffer : form.content != null ? Buffer.from(String(form.content)) : null;
    const url = content ? null : part(form, uploads, 'url');
    if (!content && url == null)
      throw new RestError(400, 'No content or url to remote content exists to create the task attachment.');
    const attachment = await this.engine.runtime.createTaskAttachment(auth, id, {
      name: part(form, uploads, 'attachment-name'),
      description: part(form, uploads, 'attachment-description'),
      type: part(form, uploads, 'attachment-type'),
      url,
      content,
    });
    return toAttachmentDto(attachment, [links.link('GET', `/task/${id}/attachment/${attachment.id}`, 'self')]);
  }

  async delete(auth: Authentication | null, id: string, attachmentId: string): Promise<void> {
    if (!this.historyEnabled()) throw new RestError(403, 'History is not enabled');
    await this.engine.runtime.deleteTaskAttachment(auth, id, attachmentId);
  }
}
