import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Link } from '../http/links';
import { StringField } from '../validation/body-fields';
import { TaskComment } from '../../engine/instances/runtime-types';
import { formatDate } from '../../engine/util/camunda-date';

/** Camunda's CommentDto, of tasks and of process instances. */
export class CommentDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) userId: string | null;
  @ApiProperty() time: string | null;
  @ApiPropertyOptional({ nullable: true }) taskId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) message: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
  @ApiProperty({ type: 'array', items: { type: 'object' } }) links: Link[];
}

export function toCommentDto(c: TaskComment, links: Link[] = []): CommentDto {
  return {
    links,
    id: c.id,
    userId: c.userId,
    time: formatDate(c.time),
    taskId: c.taskId,
    processInstanceId: c.processInstanceId,
    message: c.message,
    removalTime: formatDate(c.removalTime),
    rootProcessInstanceId: c.rootProcessInstanceId,
  };
}

/** The body of PUT .../comment (tasks and process instances): of Camunda's CommentDto only these two are read. */
export class UpdateCommentDto {
  @StringField() id?: string | null;
  @StringField() message?: string | null;
}
