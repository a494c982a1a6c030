import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { Authentication } from '../command/authentication';
import { RuntimeContext } from '../bpmn/runtime/runtime-context';
import type { RepositoryService } from '../repository/repository.service';
import { TypedValue, VariableMap } from '../variables/typed-value';
import { Command } from '../command/command';
import { ActivityInstanceTreeCmd } from './commands/activity-instance-tree.cmd';
import { GetProcessInstanceCmd } from './commands/get-process-instance.cmd';
import { CommandExecutor } from '../command/command-executor';
import { CompleteTaskCmd } from './commands/complete-task.cmd';
import { CreateIncidentCmd } from './commands/create-incident.cmd';
import { SetTaskAssigneeCmd } from './commands/task-assignment.cmd';
import { DeleteProcessInstanceCmd } from './commands/delete-process-instance.cmd';
import {
  GetExecutionVariableCmd,
  GetExecutionVariablesCmd,
  ModifyExecutionVariablesCmd,
} from './commands/execution-variables.cmd';
import { HandleTaskEscalationCmd } from './commands/handle-task-escalation.cmd';
import { HandleTaskBpmnErrorCmd } from './commands/handle-task-bpmn-error.cmd';
import { SignalExecutionCmd } from './commands/signal-execution.cmd';
import { StartProcessInstanceCmd } from './commands/start-process-instance.cmd';
import {
  CheckModifiableCmd,
  ModifyProcessInstanceCmd,
  ModifyProcessInstancesCmd,
  ProcessInstanceModification,
} from './commands/modify-process-instance.cmd';
import {
  InstanceSuspensionSelection,
  SetProcessInstancesSuspensionCmd,
  SetProcessInstanceSuspensionCmd,
} from './commands/process-instance-suspension.cmd';
import {
  DefinitionSuspensionRequest,
  SetProcessDefinitionSuspensionCmd,
} from './commands/process-definition-suspension.cmd';
import { RestartOptions, RestartProcessInstancesCmd } from './commands/restart-process-instances.cmd';
import {
  CalledProcessDefinition,
  StaticCalledProcessDefinitionsCmd,
} from './commands/static-called-process-definitions.cmd';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { DelegateTaskCmd, ResolveTaskCmd } from './commands/task-delegation.cmd';
import { CreateTaskCmd, DeleteTaskCmd, UpdateTaskCmd } from './commands/task-save.cmd';
import {
  CreateTaskCommentCmd,
  DeleteTaskCommentsCmd,
  GetTaskCommentsCmd,
  TaskInHistoryCmd,
  UpdateTaskCommentCmd,
} from './commands/task-comments.cmd';
import {
  DeleteProcessInstanceCommentsCmd,
  GetProcessInstanceCommentsCmd,
  ProcessInstanceInHistoryCmd,
  UpdateProcessInstanceCommentCmd,
} from './commands/process-instance-comments.cmd';
import {
  AddTaskIdentityLinkCmd,
  DeleteTaskIdentityLinkCmd,
  GetTaskIdentityLinksCmd,
} from './commands/task-identity-links.cmd';
import {
  CreateTaskAttachmentCmd,
  DeleteTaskAttachmentCmd,
  GetTaskAttachmentContentCmd,
  GetTaskAttachmentsCmd,
} from './commands/task-attachments.cmd';
import type { NewAttachment } from '../entities/attachment.manager';
import { TaskCountByCandidateGroup, TaskCountByCandidateGroupCmd } from './commands/task-report.cmd';
import { GetTaskVariableCmd, GetTaskVariablesCmd, ModifyTaskVariablesCmd } from './commands/task-variables.cmd';
import { deleteProcessData, ensureNoInstances } from './deployment-cascade';
import {
  ActivityInstanceNode,
  DeleteProcessInstanceOptions,
  ProcessInstanceInfo,
  StartProcessInstanceRequest,
  TaskAttachment,
  TaskComment,
  TaskIdentityLink,
  TaskProperties,
  VariableModification,
  VariableReadOptions,
  VariableScopeOptions,
} from './runtime-types';

/**
 * Process instances at runtime: start, complete tasks, signal, delete, and
 * their variables. Every method is one command (one transaction, retried on optimistic-locking
 * conflicts).
 */
export class RuntimeService {
  constructor(
    readonly executor: CommandExecutor<RuntimeContext>,
    repository: RepositoryService,
  ) {
    repository.onDeploymentDeletion(async (ctx, { processDefinitionIds }, cascade) => {
      if (!processDefinitionIds.length) return;
      if (cascade) await deleteProcessData(ctx, processDefinitionIds);
      else await ensureNoInstances(ctx.em, processDefinitionIds);
    });
  }

  /** Runs other engine code as a runtime command (shared unit of work, retries). */
  execute<T>(auth: Authentication | null, command: Command<T, RuntimeContext>): Promise<T> {
    return this.executor.execute(auth, command);
  }

  /** runtimeService.updateProcessInstanceSuspensionState() by instance id, definition id or definition key. */
  setProcessInstanceSuspension(
    auth: Authentication | null,
    selection: InstanceSuspensionSelection,
    suspend: boolean,
  ): Promise<void> {
    return this.executor.execute(auth, new SetProcessInstanceSuspensionCmd(selection, suspend));
  }

  /** The same for a group of instances (ids, or what a query found), in one transaction. */
  setProcessInstancesSuspension(
    auth: Authentication | null,
    processInstanceIds: Array<string | null>,
    suspend: boolean,
  ): Promise<void> {
    return this.executor.execute(auth, new SetProcessInstancesSuspensionCmd(processInstanceIds, suspend));
  }

  /** repositoryService.updateProcessDefinitionSuspensionState(): now, or as a timer job at the execution date. */
  setProcessDefinitionSuspension(
    auth: Authentication | null,
    request: DefinitionSuspensionRequest,
    suspend: boolean,
  ): Promise<void> {
    return this.executor.execute(auth, new SetProcessDefinitionSuspensionCmd(request, suspend));
  }

  startProcessInstance(
    auth: Authentication | null,
    request: StartProcessInstanceRequest,
  ): Promise<ProcessInstanceInfo> {
    return this.executor.execute(auth, new StartProcessInstanceCmd(request));
  }

  /** runtimeService.restartProcessInstances(definitionId)...execute(): finished instances started again. */
  restartProcessInstances(
    auth: Authentication | null,
    options: RestartOptions,
    processInstanceIds: Array<string | null>,
  ): Promise<void> {
    return this.executor.execute(auth, new RestartProcessInstancesCmd(options, processInstanceIds));
  }

  /** repositoryService.getStaticCalledProcessDefinitions: the caller's READ on `caller` was checked before. */
  staticCalledProcessDefinitions(
    auth: Authentication | null,
    caller: ProcessDefinitionEntity,
  ): Promise<CalledProcessDefinition[]> {
    return this.executor.read(auth, new StaticCalledProcessDefinitionsCmd(caller));
  }

  /** Returns the variables visible from the task's execution afterwards when asked to. */
  completeTask(
    auth: Authentication | null,
    taskId: string,
    variables?: VariableMap | null,
    options: { withVariablesInReturn?: boolean } = {},
  ): Promise<VariableMap | null> {
    return this.executor.execute(auth, new CompleteTaskCmd(taskId, variables, options.withVariablesInReturn === true));
  }

  /** TaskService.handleBpmnError: throws a BPMN error at the task's activity, after setting the variables. */
  handleTaskBpmnError(
    auth: Authentication | null,
    taskId: string,
    error: { errorCode: string | null; errorMessage: string | null },
    variables?: VariableMap | null,
  ): Promise<void> {
    return this.executor.execute(
      auth,
      new HandleTaskBpmnErrorCmd(taskId, error.errorCode, error.errorMessage, variables),
    );
  }

  /** TaskService.handleEscalation: throws an escalation at the task's activity; one nobody catches is refused. */
  handleTaskEscalation(
    auth: Authentication | null,
    taskId: string,
    escalationCode: string | null | undefined,
    variables?: VariableMap | null,
  ): Promise<void> {
    return this.executor.execute(auth, new HandleTaskEscalationCmd(taskId, escalationCode, variables));
  }

  /** Claims a task for a user; a task claimed by somebody else stays theirs. */
  claimTask(auth: Authentication | null, taskId: string, userId: string | null): Promise<void> {
    return this.executor.execute(auth, new SetTaskAssigneeCmd(taskId, userId, true));
  }

  /** Sets (or, with null, removes) a task's assignee, whoever held it. */
  setTaskAssignee(auth: Authentication | null, taskId: string, userId: string | null): Promise<void> {
    return this.executor.execute(auth, new SetTaskAssigneeCmd(taskId, userId, false));
  }

  /** A custom incident on an execution that is in an activity. */
  createIncident(
    auth: Authentication | null,
    executionId: string,
    incident: { incidentType: string | null; configuration: string | null; message: string | null },
  ): Promise<IncidentEntity> {
    return this.executor.execute(
      auth,
      new CreateIncidentCmd(executionId, incident.incidentType, incident.configuration, incident.message),
    );
  }

  signalExecution(auth: Authentication | null, executionId: string, variables?: VariableMap | null): Promise<void> {
    return this.executor.execute(auth, new SignalExecutionCmd(executionId, variables));
  }

  deleteProcessInstance(
    auth: Authentication | null,
    processInstanceId: string,
    options: DeleteProcessInstanceOptions = {},
  ): Promise<void> {
    return this.executor.execute(auth, new DeleteProcessInstanceCmd(processInstanceId, options));
  }

  /** runtimeService.createProcessInstanceModification(id)...execute(). */
  modifyProcessInstance(auth: Authentication | null, modification: ProcessInstanceModification): Promise<void> {
    return this.executor.execute(auth, new ModifyProcessInstanceCmd(modification));
  }

  /** runtimeService.createModification(definitionId)...execute(): every instance in one transaction. */
  modifyProcessInstances(
    auth: Authentication | null,
    ids: string[],
    modification: Omit<ProcessInstanceModification, 'processInstanceId'>,
  ): Promise<void> {
    return this.executor.execute(auth, new ModifyProcessInstancesCmd(ids, modification));
  }

  /** Whether the caller may modify an instance (before its modification goes to a batch). */
  checkModifiable(auth: Authentication | null, processInstanceId: string): Promise<void> {
    return this.executor.read(auth, new CheckModifiableCmd(processInstanceId));
  }

  /** A running instance, or null when there is none with this id. */
  getProcessInstance(auth: Authentication | null, processInstanceId: string): Promise<ProcessInstanceInfo | null> {
    return this.executor.read(auth, new GetProcessInstanceCmd(processInstanceId));
  }

  /** The activity instance tree of a running instance, or null when there is none with this id. */
  getActivityInstanceTree(
    auth: Authentication | null,
    processInstanceId: string,
  ): Promise<ActivityInstanceNode | null> {
    return this.executor.read(auth, new ActivityInstanceTreeCmd(processInstanceId));
  }

  // ---- execution and process instance variables (a process instance id is its root execution's id)

  getVariables(
    auth: Authentication | null,
    executionId: string,
    options: VariableReadOptions = {},
  ): Promise<VariableMap> {
    return this.executor.read(auth, new GetExecutionVariablesCmd(executionId, options));
  }

  getVariable(
    auth: Authentication | null,
    executionId: string,
    name: string,
    options: VariableScopeOptions = {},
  ): Promise<TypedValue | null> {
    return this.executor.read(auth, new GetExecutionVariableCmd(executionId, name, options));
  }

  setVariables(
    auth: Authentication | null,
    executionId: string,
    variables: VariableMap,
    options: VariableScopeOptions = {},
  ): Promise<void> {
    return this.modifyVariables(auth, executionId, { modifications: variables }, options);
  }

  removeVariables(
    auth: Authentication | null,
    executionId: string,
    names: string[],
    options: VariableScopeOptions = {},
  ): Promise<void> {
    return this.modifyVariables(auth, executionId, { deletions: names }, options);
  }

  modifyVariables(
    auth: Authentication | null,
    executionId: string,
    change: VariableModification,
    options: VariableScopeOptions = {},
  ): Promise<void> {
    return this.executor.execute(auth, new ModifyExecutionVariablesCmd(executionId, change, options));
  }

  /** Delegates a task to `userId`: PENDING until resolved, the previous assignee becomes the owner unless there is one. */
  delegateTask(auth: Authentication | null, taskId: string, userId: string | null): Promise<void> {
    return this.executor.execute(auth, new DelegateTaskCmd(taskId, userId));
  }

  /** Resolves a delegated task: RESOLVED, back to its owner, the variables set as completion sets them. */
  resolveTask(auth: Authentication | null, taskId: string, variables: VariableMap | null): Promise<void> {
    return this.executor.execute(auth, new ResolveTaskCmd(taskId, variables));
  }

  /** Replaces a task's properties (Camunda's save of an existing task). */
  updateTask(auth: Authentication | null, taskId: string, properties: TaskProperties): Promise<void> {
    return this.executor.execute(auth, new UpdateTaskCmd(taskId, properties));
  }

  /** Creates a standalone task (no process); returns its id. */
  createTask(auth: Authentication | null, id: string | null, properties: TaskProperties): Promise<string> {
    return this.executor.execute(auth, new CreateTaskCmd(id, properties));
  }

  /** Deletes a standalone task and its subtasks; tasks of a process end with their process. */
  deleteTask(auth: Authentication | null, taskId: string): Promise<void> {
    return this.executor.execute(auth, new DeleteTaskCmd(taskId));
  }

  // ---- task comments (history)

  /** Comments a task as the caller; `processInstanceId` defaults to the task's. */
  createTaskComment(
    auth: Authentication | null,
    taskId: string,
    processInstanceId: string | null,
    message: string | null,
  ): Promise<TaskComment> {
    return this.executor.execute(auth, new CreateTaskCommentCmd(taskId, processInstanceId, message));
  }

  /** The task's comments, newest first; null when there is no such task and no comment of it. */
  getTaskComments(auth: Authentication | null, taskId: string): Promise<TaskComment[] | null> {
    return this.executor.read(auth, new GetTaskCommentsCmd(taskId));
  }

  async getTaskComment(auth: Authentication | null, taskId: string, commentId: string): Promise<TaskComment | null> {
    return (await this.executor.read(auth, new GetTaskCommentsCmd(taskId, commentId)))?.[0] ?? null;
  }

  /** Whether the history knows the task, running or ended (false without history). */
  taskInHistory(auth: Authentication | null, taskId: string): Promise<boolean> {
    return this.executor.read(auth, new TaskInHistoryCmd(taskId));
  }

  processInstanceInHistory(auth: Authentication | null, processInstanceId: string): Promise<boolean> {
    return this.executor.read(auth, new ProcessInstanceInHistoryCmd(processInstanceId));
  }

  updateTaskComment(
    auth: Authentication | null,
    taskId: string,
    commentId: string | null,
    message: string | null,
  ): Promise<void> {
    return this.executor.execute(auth, new UpdateTaskCommentCmd(taskId, commentId, message));
  }

  /** One comment of a running task, or all of them when `commentId` is null. */
  deleteTaskComments(auth: Authentication | null, taskId: string, commentId: string | null): Promise<void> {
    return this.executor.execute(auth, new DeleteTaskCommentsCmd(taskId, commentId));
  }

  /** The comments under a process instance, newest first; null when its history is unknown to the caller. */
  getProcessInstanceComments(auth: Authentication | null, processInstanceId: string): Promise<TaskComment[] | null> {
    return this.executor.read(auth, new GetProcessInstanceCommentsCmd(processInstanceId));
  }

  updateProcessInstanceComment(
    auth: Authentication | null,
    processInstanceId: string,
    commentId: string | null,
    message: string | null,
  ): Promise<void> {
    return this.executor.execute(auth, new UpdateProcessInstanceCommentCmd(processInstanceId, commentId, message));
  }

  /** One comment of a running process instance, or all of them when `commentId` is null. */
  deleteProcessInstanceComments(
    auth: Authentication | null,
    processInstanceId: string,
    commentId: string | null,
  ): Promise<void> {
    return this.executor.execute(auth, new DeleteProcessInstanceCommentsCmd(processInstanceId, commentId));
  }

  /** Unassigned tasks counted per candidate group (null: without a group), as Camunda's task report. */
  taskCountByCandidateGroup(auth: Authentication | null): Promise<TaskCountByCandidateGroup[]> {
    return this.executor.read(auth, new TaskCountByCandidateGroupCmd());
  }

  // ---- task attachments (history)

  /** Attaches a link or uploaded content to a task (running or ended) as the caller. */
  createTaskAttachment(
    auth: Authentication | null,
    taskId: string,
    attachment: NewAttachment,
  ): Promise<TaskAttachment> {
    return this.executor.execute(auth, new CreateTaskAttachmentCmd(taskId, attachment));
  }

  getTaskAttachments(auth: Authentication | null, taskId: string): Promise<TaskAttachment[]> {
    return this.executor.read(auth, new GetTaskAttachmentsCmd(taskId));
  }

  async getTaskAttachment(
    auth: Authentication | null,
    taskId: string,
    attachmentId: string,
  ): Promise<TaskAttachment | null> {
    return (await this.executor.read(auth, new GetTaskAttachmentsCmd(taskId, attachmentId)))[0] ?? null;
  }

  /** The uploaded bytes; null for an unknown attachment or a link. */
  getTaskAttachmentContent(auth: Authentication | null, taskId: string, attachmentId: string): Promise<Buffer | null> {
    return this.executor.read(auth, new GetTaskAttachmentContentCmd(taskId, attachmentId));
  }

  deleteTaskAttachment(auth: Authentication | null, taskId: string, attachmentId: string): Promise<void> {
    return this.executor.execute(auth, new DeleteTaskAttachmentCmd(taskId, attachmentId));
  }

  // ---- task identity links

  /** The task's links, with its assignee and owner as links of type `assignee` and `owner`. */
  getTaskIdentityLinks(auth: Authentication | null, taskId: string): Promise<TaskIdentityLink[]> {
    return this.executor.read(auth, new GetTaskIdentityLinksCmd(taskId));
  }

  addTaskIdentityLink(auth: Authentication | null, taskId: string, link: TaskIdentityLink): Promise<void> {
    return this.executor.execute(auth, new AddTaskIdentityLinkCmd(taskId, link));
  }

  deleteTaskIdentityLink(auth: Authentication | null, taskId: string, link: TaskIdentityLink): Promise<void> {
    return this.executor.execute(auth, new DeleteTaskIdentityLinkCmd(taskId, link));
  }

  // ---- task variables

  getTaskVariables(
    auth: Authentication | null,
    taskId: string,
    options: VariableReadOptions = {},
  ): Promise<VariableMap> {
    return this.executor.read(auth, new GetTaskVariablesCmd(taskId, options));
  }

  getTaskVariable(
    auth: Authentication | null,
    taskId: string,
    name: string,
    options: VariableScopeOptions = {},
  ): Promise<TypedValue | null> {
    return this.executor.read(auth, new GetTaskVariableCmd(taskId, name, options));
  }

  setTaskVariables(
    auth: Authentication | null,
    taskId: string,
    variables: VariableMap,
    options: VariableScopeOptions = {},
  ): Promise<void> {
    return this.modifyTaskVariables(auth, taskId, { modifications: variables }, options);
  }

  removeTaskVariables(
    auth: Authentication | null,
    taskId: string,
    names: string[],
    options: VariableScopeOptions = {},
  ): Promise<void> {
    return this.modifyTaskVariables(auth, taskId, { deletions: names }, options);
  }

  modifyTaskVariables(
    auth: Authentication | null,
    taskId: string,
    change: VariableModification,
    options: VariableScopeOptions = {},
  ): Promise<void> {
    return this.executor.execute(auth, new ModifyTaskVariablesCmd(taskId, change, options));
  }
}
