import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiBodyOptions } from '@nestjs/swagger';
import { Link } from '../../common/http/links';
import { TaskAttachment } from '../../engine/instances/runtime-types';
import { formatDate } from '../../engine/util/camunda-date';

/** Camunda's AttachmentDto. */
export class AttachmentDto {
  @ApiProperty({ type: 'array', items: { type: 'object' } }) links: Link[];
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiPropertyOptional({ nullable: true }) description: string | null;
  @ApiPropertyOptional({ nullable: true }) taskId: string | null;
  @ApiPropertyOptional({ nullable: true }) type: string | null;
  @ApiPropertyOptional({ nullable: true }) url: string | null;
  @ApiPropertyOptional({ nullable: true }) createTime: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
}

export function toAttachmentDto(a: TaskAttachment, links: Link[] = []): AttachmentDto {
  return {
    links,
    id: a.id,
    name: a.name,
    description: a.description,
    taskId: a.taskId,
    type: a.type,
    url: a.url,
    createTime: formatDate(a.createTime),
    removalTime: formatDate(a.removalTime),
    rootProcessInstanceId: a.rootProcessInstanceId,
  };
}

/** Swagger: Camunda's MultiFormAttachmentDto, the form of POST /task/{id}/attachment/create. */
export const ATTACHMENT_FORM: ApiBodyOptions = {
  schema: {
    type: 'object',
    properties: {
      'attachment-name': { type: 'string' },
      'attachment-description': { type: 'string' },
      'attachment-type': { type: 'string' },
      url: { type: 'string', description: 'A link to the content; one of url and content is needed' },
      content: { type: 'string', format: 'binary' },
    },
  },
};
