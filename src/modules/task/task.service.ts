import { Injectable } from '@nestjs/common';
import { badRequest, notFound, RestError } from '../../common/errors/rest-error';
import { LinkBuilder } from '../../common/http/links';
import { withErrorPrefix } from '../../common/errors/wrap-engine-error';
import { VariableScopeAccess } from '../../common/variables/variable-scope-resource';
import { prefixedVariablesFromWire } from '../../common/variables/prefixed-variables';
import { variablesToWire } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/command/authentication';
import { NotFoundError } from '../../engine/errors';
import { ProcessEngine } from '../../engine/process-engine';
import { WireValue } from '../../common/variables/wire-value';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import {
  FormDto,
  TaskDto,
  CommentDto,
  CompleteTaskDto,
  CreateCommentDto,
  IdentityLinkDto,
  ResolveTaskDto,
  TaskBodyDto,
  TaskBpmnErrorDto,
  TaskEscalationDto,
  toCommentDto,
  UserIdDto,
} from './task.dto';
import { TaskProperties } from '../../engine/instances/runtime-types';
import { parseDate } from '../../engine/util/camunda-date';
import { TASK_LIST } from '../../common/query/task-query';
import { UpdateCommentDto } from '../../common/dto/comment.dto';
import { candidateGroupReport } from './task-report.dto';

@Injectable()
export class TaskService {
  readonly rows: ResourceQuery<TaskEntity, TaskDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, TASK_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<TaskDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(`No matching task with id ${id}`);
    return found;
  }

  claim(auth: Authentication | null, id: string, dto: UserIdDto): Promise<void> {
    return this.engine.runtime.claimTask(auth, id, dto.userId ?? null);
  }

  unclaim(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.runtime.setTaskAssignee(auth, id, null);
  }

  setAssignee(auth: Authentication | null, id: string, dto: UserIdDto): Promise<void> {
    return this.engine.runtime.setTaskAssignee(auth, id, dto.userId ?? null);
  }

  update(auth: Authentication | null, id: string, dto: TaskBodyDto): Promise<void> {
    return this.engine.runtime.updateTask(auth, id, taskProperties(dto));
  }

  async create(auth: Authentication | null, dto: TaskBodyDto): Promise<void> {
    await this.engine.runtime.createTask(auth, dto.id ?? null, taskProperties(dto));
  }

  delete(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.runtime.deleteTask(auth, id);
  }

  private historyEnabled(): boolean {
    return this.engine.options.historyLevel !== 'none';
  }

  /** Without history there are no comments (an empty list, as in Camunda). */
  async comments(auth: Authentication | null, id: string): Promise<CommentDto[]> {
    if (!this.historyEnabled()) return [];
    const comments = await this.engine.runtime.getTaskComments(auth, id);
    if (!comments) throw notFound(`No task found for task id ${id}`);
    return comments.map((c) => toCommentDto(c));
  }

  async comment(auth: Authentication | null, id: string, commentId: string): Promise<CommentDto> {
    if (!this.historyEnabled()) throw notFound('History is not enabled');
    const comment = await this.engine.runtime.getTaskComment(auth, id, commentId);
    if (!comment) throw notFound(`Task comment with id ${commentId} does not exist for task id '${id}'.`);
    return toCommentDto(comment);
  }

  async createComment(
    auth: Authentication | null,
    id: string,
    dto: CreateCommentDto,
    links: LinkBuilder,
  ): Promise<CommentDto> {
    if (!this.historyEnabled()) throw new RestError(403, 'History is not enabled');
    const comment = await this.engine.runtime.createTaskComment(
      auth,
      id,
      dto.processInstanceId ?? null,
      dto.message ?? null,
    );
    return toCommentDto(comment, [links.link('GET', `/task/${id}/comment/${comment.id}`, 'self')]);
  }

  /** Camunda's comment resource: history on (403), the task in it (404), then the engine's checks. */
  private async commentableTask(auth: Authentication | null, id: string): Promise<void> {
    if (!this.historyEnabled()) throw new RestError(403, 'History is not enabled');
    if (!(await this.engine.runtime.taskInHistory(auth, id))) throw notFound(`No task found for task id ${id}`);
  }

  async updateComment(auth: Authentication | null, id: string, dto: UpdateCommentDto): Promise<void> {
    await this.commentableTask(auth, id);
    await this.engine.runtime.updateTaskComment(auth, id, dto.id ?? null, dto.message ?? null);
  }

  async deleteComments(auth: Authentication | null, id: string, commentId: string | null): Promise<void> {
    await this.commentableTask(auth, id);
    await this.engine.runtime.deleteTaskComments(auth, id, commentId);
  }

  async candidateGroupCount(auth: Authentication | null, type: string | null): Promise<{ type: string; body: string }> {
    return candidateGroupReport(await this.engine.runtime.taskCountByCandidateGroup(auth), type);
  }

  delegate(auth: Authentication | null, id: string, dto: UserIdDto): Promise<void> {
    return this.engine.runtime.delegateTask(auth, id, dto.userId ?? null);
  }

  resolve(auth: Authentication | null, id: string, dto: ResolveTaskDto): Promise<void> {
    const variables = prefixedVariablesFromWire(dto.variables, { prefix: `Cannot resolve task ${id}` });
    return this.engine.runtime.resolveTask(auth, id, variables);
  }

  async identityLinks(auth: Authentication | null, id: string, type?: string): Promise<IdentityLinkDto[]> {
    const links = await this.engine.runtime.getTaskIdentityLinks(auth, id);
    return links
      .filter((l) => type == null || l.type === type)
      .map((l) => ({ userId: l.userId, groupId: l.groupId, type: l.type }));
  }

  addIdentityLink(auth: Authentication | null, id: string, dto: IdentityLinkDto): Promise<void> {
    return this.engine.runtime.addTaskIdentityLink(auth, id, identityLink(dto));
  }

  deleteIdentityLink(auth: Authentication | null, id: string, dto: IdentityLinkDto): Promise<void> {
    return this.engine.runtime.deleteTaskIdentityLink(auth, id, identityLink(dto));
  }

  /** 204 without a body, or the variables after completion when `withVariablesInReturn` is true. */
  complete(auth: Authentication | null, id: string, dto: CompleteTaskDto): Promise<Record<string, WireValue> | null> {
    return this.completeWith(`Cannot complete task ${id}`, auth, id, dto);
  }

  /** Camunda's FormDto: the task's form key; there are no process applications here, so no context path. */
  async form(auth: Authentication | null, id: string): Promise<FormDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw badRequest(`Cannot get form for task ${id}`);
    return { key: found.formKey ?? null, camundaFormRef: null, contextPath: null };
  }

  /**
   * Camunda's form variables: the variables of the task's form fields and every variable visible from the task.
   * Models here declare no form fields (`camunda:formData` is not read), so it is the visible variables, or the
   * named ones among them.
   */
  async formVariables(
    auth: Authentication | null,
    id: string,
    names: string[] | null,
    deserialize: boolean,
  ): Promise<Record<string, WireValue>> {
    const all = await withErrorPrefix(`Cannot get form variables for task ${id}`, () =>
      this.engine.runtime.getTaskVariables(auth, id, { local: false }),
    );
    const picked = names ? Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name))) : all;
    return variablesToWire(picked, deserialize);
  }

  /** POST /task/{id}/submit-form: completes the task with the form's variables, as Camunda's submitTaskForm does. */
  submitForm(auth: Authentication | null, id: string, dto: CompleteTaskDto): Promise<Record<string, WireValue> | null> {
    return this.completeWith(`Cannot submit task form ${id}`, auth, id, dto);
  }

  private async completeWith(
    prefix: string,
    auth: Authentication | null,
    id: string,
    dto: CompleteTaskDto,
  ): Promise<Record<string, WireValue> | null> {
    const variables = prefixedVariablesFromWire(dto.variables, { prefix });
    const withVariablesInReturn = dto.withVariablesInReturn === true;
    const result = await withErrorPrefix(prefix, () =>
      this.engine.runtime.completeTask(auth, id, variables, { withVariablesInReturn }),
    );
    return withVariablesInReturn ? variablesToWire(result ?? {}, false) : null;
  }

  handleBpmnError(auth: Authentication | null, id: string, dto: TaskBpmnErrorDto): Promise<void> {
    const variables = prefixedVariablesFromWire(dto.variables, { prefix: `Cannot handle BPMN error for task ${id}` });
    const error = { errorCode: dto.errorCode ?? null, errorMessage: dto.errorMessage ?? null };
    return this.engine.runtime.handleTaskBpmnError(auth, id, error, variables);
  }

  async handleEscalation(auth: Authentication | null, id: string, dto: TaskEscalationDto): Promise<void> {
    const variables = prefixedVariablesFromWire(dto.variables, { prefix: `Cannot handle escalation of task ${id}` });
    try {
      await this.engine.runtime.handleTaskEscalation(auth, id, dto.escalationCode ?? null, variables);
    } catch (err) {
      // Camunda's resource answers a missing task with 404
      if (err instanceof NotFoundError) throw notFound(err.message);
      throw err;
    }
  }

  variables(auth: Authentication | null, id: string, local: boolean): VariableScopeAccess {
    const runtime = this.engine.runtime;
    return {
      typeName: 'task',
      resourceId: id,
      getAll: () => runtime.getTaskVariables(auth, id, { local }),
      get: (name) => runtime.getTaskVariable(auth, id, name, { local }),
      modify: (modifications, deletions, operation) =>
        runtime.modifyTaskVariables(auth, id, { modifications, deletions, operation }, { local }),
    };
  }
}

/** Camunda's IdentityLinkDto.validate: exactly one of user and group. */
function identityLink(dto: IdentityLinkDto): { userId: string | null; groupId: string | null; type: string | null } {
  const userId = dto.userId ?? null;
  const groupId = dto.groupId ?? null;
  if (userId != null && groupId != null) throw badRequest('Identity Link requires userId or groupId, but not both.');
  if (userId == null && groupId == null) throw badRequest('Identity Link requires userId or groupId.');
  return { userId, groupId, type: dto.type ?? null };
}

function date(field: string, text: string | null | undefined): Date | null {
  if (text == null) return null;
  const parsed = parseDate(text);
  if (!parsed)
    throw badRequest(`Cannot set ${field} to value '${text}': not a date of the form yyyy-MM-dd'T'HH:mm:ss.SSSZ`);
  return parsed;
}

/** Camunda's TaskDto.updateTask: every field is written, absent ones as null (priority as 0). */
function taskProperties(dto: TaskBodyDto): TaskProperties {
  let delegationState: TaskProperties['delegationState'] = null;
  if (dto.delegationState != null) {
    const state = dto.delegationState.toUpperCase();
    if (state !== 'PENDING' && state !== 'RESOLVED') {
      throw badRequest(
        `Valid values for property 'delegationState' are 'PENDING' or 'RESOLVED', but was '${dto.delegationState}'`,
      );
    }
    delegationState = state;
  }
  return {
    name: dto.name ?? null,
    description: dto.description ?? null,
    priority: dto.priority ?? 0,
    assignee: dto.assignee ?? null,
    owner: dto.owner ?? null,
    delegationState,
    dueDate: date('due', dto.due),
    followUpDate: date('followUp', dto.followUp),
    parentTaskId: dto.parentTaskId ?? null,
    tenantId: dto.tenantId ?? null,
  };
}
