import { ApiPropertyOptional } from '@nestjs/swagger';
export { TaskDto } from '../../common/dto/task.dto';
export { CommentDto, toCommentDto } from '../../common/dto/comment.dto';
import { BooleanField, IntegerField, StringField, VariablesField } from '../../common/validation/body-fields';
import { LeanBody } from '../../common/validation/lean-body';

/** The body of PUT /task/{id} and POST /task/create: Camunda's TaskDto, of which these fields are written. */
export class TaskBodyDto {
  @StringField({ description: 'Only on create; generated when absent' }) id?: string | null;
  @StringField() name?: string | null;
  @StringField() description?: string | null;
  @IntegerField({ description: 'Absent: 0, as in Camunda' }) priority?: number | null;
  @StringField() assignee?: string | null;
  @StringField() owner?: string | null;
  @StringField({ enum: ['PENDING', 'RESOLVED'] }) delegationState?: string | null;
  @StringField({ example: '2026-01-01T12:00:00.000+0000' }) due?: string | null;
  @StringField({ example: '2026-01-01T12:00:00.000+0000' }) followUp?: string | null;
  @StringField() parentTaskId?: string | null;
  @StringField({ description: 'Accepted; case instances do not exist here, so it is not kept' }) caseInstanceId?:
    string | null;
  @StringField() tenantId?: string | null;
}

export class CreateCommentDto {
  @StringField() message?: string | null;
  @StringField() processInstanceId?: string | null;
}

/** A user or a group in a relation (`type`) to a task; exactly one of userId and groupId. */
export class IdentityLinkDto {
  @StringField() userId?: string | null;
  @StringField() groupId?: string | null;
  @StringField() type?: string | null;
}

export class UserIdDto {
  @StringField() userId?: string | null;
}

@LeanBody()
export class CompleteTaskDto {
  @VariablesField() variables?: Record<string, unknown> | null;
  @BooleanField() withVariablesInReturn?: boolean | null;
}

@LeanBody()
export class ResolveTaskDto {
  @VariablesField() variables?: Record<string, unknown> | null;
}

export class TaskEscalationDto {
  @StringField() escalationCode?: string | null;
  @VariablesField() variables?: Record<string, unknown> | null;
}

/** Camunda's TaskBpmnErrorDto. */
export class TaskBpmnErrorDto {
  @StringField() errorCode?: string | null;
  @StringField() errorMessage?: string | null;
  @VariablesField() variables?: Record<string, unknown> | null;
}

/** Camunda's FormDto (GET /task/{id}/form). */
export class FormDto {
  @ApiPropertyOptional({ nullable: true, description: 'The form key of the task' }) key: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: 'object',
    additionalProperties: true,
    description: 'A Camunda Form reference (not read from models here: always null)',
  })
  camundaFormRef: null;
  @ApiPropertyOptional({
    nullable: true,
    description: 'The context path of a process application (there are none here: always null)',
  })
  contextPath: string | null;
}
