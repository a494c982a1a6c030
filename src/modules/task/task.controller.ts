import {
  Body,
  Controller,
  createParamDecorator,
  ExecutionContext,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBasicAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { BINARY_VARIABLE_BODY, VARIABLE_DATA_UPLOAD } from '../../common/http/multipart-upload';
import { PatchVariablesDto } from '../../common/variables/patch-variables.dto';
import * as vars from '../../common/variables/variable-scope-resource';
import { VariableValueDto } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import {
  CommentDto,
  CompleteTaskDto,
  CreateCommentDto,
  FormDto,
  IdentityLinkDto,
  ResolveTaskDto,
  TaskBodyDto,
  TaskBpmnErrorDto,
  TaskDto,
  TaskEscalationDto,
  UserIdDto,
} from './task.dto';
import { LinkBuilder, Links } from '../../common/http/links';

/** An unknown task is a 404 on the task operations added with the task list's API (Camunda's NotFoundException). */
const unknownTaskIs404 = { kinds: ['NotFound'] as const, status: 404 };
import { TASK_LIST } from '../../common/query/task-query';
import { UpdateCommentDto } from '../../common/dto/comment.dto';

/** Camunda's comment resources pass the engine's message of a missing task, comment or value on as a 400. */
const commentNullValueIs400 = { kinds: ['NullValue'] as const, status: 400, type: 'InvalidRequestException' as const };
import { TaskService } from './task.service';

/** `variables` and `localVariables` share their handlers; the path says which scope is meant. */
const both = (suffix = '') => [`:id/variables${suffix}`, `:id/localVariables${suffix}`];
const Local = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  /\/task\/[^/]+\/localVariables(\/|$)/.test(ctx.switchToHttp().getRequest<Request>().path),
);

@ApiTags('Task')
@ApiBasicAuth()
@Controller('task')
@ListRoutes(TASK_LIST, (c: TaskController) => c.tasks.rows)
export class TaskController {
  constructor(readonly tasks: TaskService) {}

  @Post('create')
  @HttpCode(204)
  @EngineErrorAnswers({
    kinds: ['NotValid'],
    status: 400,
    type: 'InvalidRequestException',
    message: 'Could not save task: {message}',
  })
  create(@Auth() auth: Authentication | null, @Body() body: TaskBodyDto) {
    return this.tasks.create(auth, body);
  }

  @Put(':id')
  @HttpCode(204)
  @EngineErrorAnswers(notFoundIs404())
  update(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: TaskBodyDto) {
    return this.tasks.update(auth, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @EngineErrorAnswers(notFoundIs404())
  delete(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tasks.delete(auth, id);
  }

  @Get(':id')
  @ApiOkResponse({ type: TaskDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tasks.get(auth, id);
  }

  @Get(':id/identity-links')
  @ApiQuery({ name: 'type', required: false, type: String })
  @ApiOkResponse({ type: [IdentityLinkDto] })
  @EngineErrorAnswers(unknownTaskIs404)
  identityLinks(@Auth() auth: Authentication | null, @Param('id') id: string, @Query('type') type?: string) {
    return this.tasks.identityLinks(auth, id, type);
  }

  @Post(':id/identity-links')
  @HttpCode(204)
  @EngineErrorAnswers(unknownTaskIs404)
  addIdentityLink(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: IdentityLinkDto) {
    return this.tasks.addIdentityLink(auth, id, body);
  }

  @Post(':id/identity-links/delete')
  @HttpCode(204)
  @EngineErrorAnswers(unknownTaskIs404)
  deleteIdentityLink(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: IdentityLinkDto) {
    return this.tasks.deleteIdentityLink(auth, id, body);
  }

  @Get(':id/comment')
  @ApiOkResponse({ type: [CommentDto] })
  comments(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tasks.comments(auth, id);
  }

  @Post(':id/comment/create')
  @ApiOkResponse({ type: CommentDto })
  @HttpCode(200)
  @EngineErrorAnswers(
    { kinds: ['NotFound'], status: 400, type: 'InvalidRequestException' },
    {
      kinds: ['NullValue', 'NotValid', 'BadUserRequest', 'SuspendedEntityInteraction', 'ProcessEngine'],
      status: 400,
      type: 'InvalidRequestException',
      message: 'Not enough parameters submitted',
    },
  )
  createComment(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Body() body: CreateCommentDto,
    @Links() links: LinkBuilder,
  ) {
    return this.tasks.createComment(auth, id, body, links);
  }

  @Put(':id/comment')
  @HttpCode(204)
  @EngineErrorAnswers(commentNullValueIs400)
  updateComment(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: UpdateCommentDto) {
    return this.tasks.updateComment(auth, id, body);
  }

  @Delete(':id/comment')
  @HttpCode(204)
  @EngineErrorAnswers(commentNullValueIs400)
  deleteComments(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tasks.deleteComments(auth, id, null);
  }

  @Delete(':id/comment/:commentId')
  @HttpCode(204)
  @EngineErrorAnswers(commentNullValueIs400)
  deleteComment(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('commentId') commentId: string) {
    return this.tasks.deleteComments(auth, id, commentId);
  }

  @Get(':id/comment/:commentId')
  @ApiOkResponse({ type: CommentDto })
  comment(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('commentId') commentId: string) {
    return this.tasks.comment(auth, id, commentId);
  }

  @Post(':id/delegate')
  @HttpCode(204)
  @EngineErrorAnswers(unknownTaskIs404)
  delegate(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: UserIdDto) {
    return this.tasks.delegate(auth, id, body);
  }

  @Post(':id/resolve')
  @HttpCode(204)
  @EngineErrorAnswers(unknownTaskIs404)
  resolve(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: ResolveTaskDto) {
    return this.tasks.resolve(auth, id, body);
  }

  @Post(':id/claim')
  @HttpCode(204)
  claim(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: UserIdDto) {
    return this.tasks.claim(auth, id, body);
  }

  @Post(':id/unclaim')
  @HttpCode(204)
  unclaim(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tasks.unclaim(auth, id);
  }

  @Post(':id/assignee')
  @HttpCode(204)
  setAssignee(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: UserIdDto) {
    return this.tasks.setAssignee(auth, id, body);
  }

  @Put(':id/assignee')
  @HttpCode(204)
  putAssignee(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: UserIdDto) {
    return this.tasks.setAssignee(auth, id, body);
  }

  @Post(':id/complete')
  @ApiOkResponse({ description: 'The variables, when withVariablesInReturn is true (otherwise 204)' })
  async complete(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Body() body: CompleteTaskDto,
    @Res() res: Response,
  ) {
    const variables = await this.tasks.complete(auth, id, body);
    if (variables) res.status(200).json(variables);
    else res.status(204).end();
  }

  @Get(':id/form')
  @ApiOkResponse({ type: FormDto })
  form(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tasks.form(auth, id);
  }

  @Get(':id/form-variables')
  @ApiQuery({
    name: 'variableNames',
    required: false,
    description: 'Comma-separated names; all visible variables when absent',
  })
  @ApiQuery({ name: 'deserializeValues', required: false, type: Boolean })
  formVariables(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query('variableNames') variableNames?: string,
    @Query('deserializeValues') deserializeValues?: string,
  ) {
    const names = variableNames ? variableNames.split(',').filter((n) => n !== '') : null;
    return this.tasks.formVariables(auth, id, names, deserializeValues !== 'false');
  }

  @Post(':id/submit-form')
  @ApiOkResponse({ description: 'The variables, when withVariablesInReturn is true (otherwise 204)' })
  async submitForm(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Body() body: CompleteTaskDto,
    @Res() res: Response,
  ) {
    const variables = await this.tasks.submitForm(auth, id, body);
    if (variables) res.status(200).json(variables);
    else res.status(204).end();
  }

  @Post(':id/bpmnError')
  @HttpCode(204)
  @EngineErrorAnswers(
    { kinds: ['NotFound'], status: 404, type: 'InvalidRequestException' },
    {
      kinds: ['BadUserRequest', 'NotValid'],
      status: 400,
      type: 'InvalidRequestException',
    },
  )
  handleBpmnError(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: TaskBpmnErrorDto) {
    return this.tasks.handleBpmnError(auth, id, body);
  }

  @Post(':id/bpmnEscalation')
  @HttpCode(204)
  handleEscalation(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: TaskEscalationDto) {
    return this.tasks.handleEscalation(auth, id, body);
  }

  @Get(both())
  @ApiQuery({ name: 'deserializeValues', required: false, type: Boolean })
  variables(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Local() local: boolean,
    @Query('deserializeValues') deserialize?: string,
  ) {
    return vars.getVariables(this.tasks.variables(auth, id, local), deserialize);
  }

  @Post(both())
  @HttpCode(204)
  modifyVariables(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Local() local: boolean,
    @Body() body: PatchVariablesDto,
  ) {
    return vars.modifyVariables(this.tasks.variables(auth, id, local), body);
  }

  @Get(both('/:varName'))
  @ApiQuery({ name: 'deserializeValue', required: false, type: Boolean })
  @ApiOkResponse({ type: VariableValueDto })
  variable(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Local() local: boolean,
    @Param('varName') name: string,
    @Query('deserializeValue') deserialize?: string,
  ) {
    return vars.getVariable(this.tasks.variables(auth, id, local), name, deserialize);
  }

  @Put(both('/:varName'))
  @HttpCode(204)
  putVariable(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Local() local: boolean,
    @Param('varName') name: string,
    @Body() body: VariableValueDto,
  ) {
    return vars.putVariable(this.tasks.variables(auth, id, local), name, body);
  }

  @Delete(both('/:varName'))
  @HttpCode(204)
  deleteVariable(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Local() local: boolean,
    @Param('varName') name: string,
  ) {
    return vars.deleteVariable(this.tasks.variables(auth, id, local), name);
  }

  @Get(both('/:varName/data'))
  variableData(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Local() local: boolean,
    @Param('varName') name: string,
    @Res() res: Response,
  ) {
    return vars.sendVariableBinary(this.tasks.variables(auth, id, local), name, res);
  }

  @Post(both('/:varName/data'))
  @HttpCode(204)
  @UseInterceptors(VARIABLE_DATA_UPLOAD)
  @ApiConsumes('multipart/form-data')
  @ApiBody(BINARY_VARIABLE_BODY)
  setVariableData(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Local() local: boolean,
    @Param('varName') name: string,
    @UploadedFiles() files: vars.UploadedPart[],
    @Body() fields: Record<string, unknown>,
  ) {
    return vars.setVariableBinary(this.tasks.variables(auth, id, local), name, files, fields);
  }
}
