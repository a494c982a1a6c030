import { AttachmentEntity } from '../../persistence/entities/history/attachment.entity';
import { CommandContext } from '../command/command-context';
import { newId } from '../util/ids';

/** What a new attachment says about itself: a link to content elsewhere, or the content's bytes. */
export interface NewAttachment {
  name: string | null;
  description: string | null;
  type: string | null;
  url: string | null;
  content: Buffer | null;
}

/** Where a new attachment belongs: its task and the process instance (and root) of the task, if any. */
export interface AttachmentOwner {
  taskId: string;
  processInstanceId: string | null;
  rootProcessInstanceId: string | null;
  tenantId: string | null;
}

/** The one place that writes attachments (Camunda's AttachmentManager). */
export class AttachmentManager {
  constructor(private readonly ctx: CommandContext) {}

  add(owner: AttachmentOwner, attachment: NewAttachment): AttachmentEntity {
    const row = Object.assign(new AttachmentEntity(), {
      id: newId(),
      rev: 1,
      userId: this.ctx.auth?.userId ?? null,
      ...attachment,
      ...owner,
      createTime: this.ctx.now(),
      removalTime: null,
    });
    this.ctx.uow.insert(AttachmentEntity, row);
    return row;
  }

  delete(attachment: AttachmentEntity): void {
    this.ctx.uow.delete(AttachmentEntity, attachment);
  }
}
