import { HistoryLevel } from '../../config/engine-config';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { Authentication } from '../authorization/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { RuntimeDeps } from '../bpmn/runtime/command-context';
import { Transactions } from '../command/transactions';
import type { DecisionService } from '../decision/decision-service';
import { ModelCache } from '../repository/model-cache';
import type { RepositoryService } from '../repository/repository-service';
import { TypedValue, VariableMap } from '../variables/typed-value';
import { Command } from './command';
import { ActivityInstanceTreeCmd } from './commands/activity-instance-tree.cmd';
import { GetProcessInstanceCmd } from './commands/get-process-instance.cmd';
import { CommandExecutor } from './command-executor';
import { CompleteExternalTaskCmd } from './commands/complete-external-task.cmd';
import { CompleteTaskCmd } from './commands/complete-task.cmd';
import { DeleteProcessInstanceCmd } from './commands/delete-process-instance.cmd';
import { GetExecutionVariableCmd, GetExecutionVariablesCmd, ModifyExecutionVariablesCmd } from './commands/execution-variables.cmd';
import { HandleExternalTaskBpmnErrorCmd } from './commands/handle-external-task-bpmn-error.cmd';
import { SignalExecutionCmd } from './commands/signal-execution.cmd';
import { StartProcessInstanceCmd } from './commands/start-process-instance.cmd';
import { GetTaskVariableCmd, GetTaskVariablesCmd, ModifyTaskVariablesCmd } from './commands/task-variables.cmd';
import { deleteProcessData, ensureNoInstances } from './deployment-cascade';
import {
  ActivityInstanceNode,
  DeleteProcessInstanceOptions,
  ExternalTaskCompletionOptions,
  ProcessInstanceInfo,
  StartProcessInstanceRequest,
  VariableModification,
  VariableReadOptions,
  VariableScopeOptions,
} from './runtime-types';

/**
 * Process instances at runtime: start, complete tasks and external tasks, signal, delete, and
 * their variables. Every method is one command (one transaction, retried on optimistic-locking
 * conflicts).
 */
export class RuntimeService {
  readonly executor: CommandExecutor;
  private readonly definitions = new ModelCache<ProcessDefinitionEntity>(1000);
  private readonly externalTaskListeners: Array<(topics: string[]) => void> = [];
  private readonly jobListeners: Array<(due: Date) => void> = [];

  constructor(
    tx: Transactions,
    checker: AuthorizationChecker,
    repository: RepositoryService,
    decisions: DecisionService,
    historyLevel: HistoryLevel,
    clock: () => Date = () => new Date(),
  ) {
    const deps: RuntimeDeps = {
      repository, decisions, checker, historyLevel, clock, definitions: this.definitions,
      externalTasksCreated: (topics) => this.externalTaskListeners.forEach((l) => l(topics)),
      jobsCreated: (due) => this.jobListeners.forEach((l) => l(due)),
    };
    this.executor = new CommandExecutor(tx, deps);
    repository.onDeploymentDeletion(async (em, { processDefinitionIds }, cascade) => {
      if (!processDefinitionIds.length) return;
      if (cascade) await deleteProcessData(em, processDefinitionIds);
      else await ensureNoInstances(em, processDefinitionIds);
      for (const id of processDefinitionIds) this.definitions.delete(id);
    });
  }

  /** Called after commit with the topics of external tasks that commit created (long polling). */
  onExternalTasksCreated(listener: (topics: string[]) => void): void {
    this.externalTaskListeners.push(listener);
  }

  /** Called after commit with the earliest due date of the jobs that commit created (the job executor wakes up). */
  onJobsCreated(listener: (due: Date) => void): void {
    this.jobListeners.push(listener);
  }

  /** Runs other engine code as a runtime command (shared unit of work, retries). */
  execute<T>(auth: Authentication | null, command: Command<T>): Promise<T> {
    return this.executor.execute(auth, command);
  }

  startProcessInstance(auth: Authentication | null, request: StartProcessInstanceRequest): Promise<ProcessInstanceInfo> {
    return this.executor.execute(auth, new StartProcessInstanceCmd(request));
  }

  /** Returns the variables visible from the task's execution afterwards when asked to. */
  completeTask(auth: Authentication | null, taskId: string, variables?: VariableMap | null, options: { withVariablesInReturn?: boolean } = {}): Promise<VariableMap | null> {
    return this.executor.execute(auth, new CompleteTaskCmd(taskId, variables, options.withVariablesInReturn === true));
  }

  completeExternalTask(
    auth: Authentication | null,
    externalTaskId: string,
    variables?: VariableMap | null,
    localVariables?: VariableMap | null,
    options?: ExternalTaskCompletionOptions,
  ): Promise<void> {
    return this.executor.execute(auth, new CompleteExternalTaskCmd(externalTaskId, variables, localVariables, options));
  }

  handleExternalTaskBpmnError(
    auth: Authentication | null,
    externalTaskId: string,
    errorCode: string | null | undefined,
    errorMessage?: string | null,
    variables?: VariableMap | null,
    options?: ExternalTaskCompletionOptions,
  ): Promise<void> {
    return this.executor.execute(auth, new HandleExternalTaskBpmnErrorCmd(externalTaskId, errorCode, errorMessage, variables, options));
  }

  signalExecution(auth: Authentication | null, executionId: string, variables?: VariableMap | null): Promise<void> {
    return this.executor.execute(auth, new SignalExecutionCmd(executionId, variables));
  }

  deleteProcessInstance(auth: Authentication | null, processInstanceId: string, options: DeleteProcessInstanceOptions = {}): Promise<void> {
    return this.executor.execute(auth, new DeleteProcessInstanceCmd(processInstanceId, options));
  }

  /** A running instance, or null when there is none with this id. */
  getProcessInstance(auth: Authentication | null, processInstanceId: string): Promise<ProcessInstanceInfo | null> {
    return this.executor.read(auth, new GetProcessInstanceCmd(processInstanceId));
  }

  /** The activity instance tree of a running instance, or null when there is none with this id. */
  getActivityInstanceTree(auth: Authentication | null, processInstanceId: string): Promise<ActivityInstanceNode | null> {
    return this.executor.read(auth, new ActivityInstanceTreeCmd(processInstanceId));
  }

  // ---- execution and process instance variables (a process instance id is its root execution's id)

  getVariables(auth: Authentication | null, executionId: string, options: VariableReadOptions = {}): Promise<VariableMap> {
    return this.executor.read(auth, new GetExecutionVariablesCmd(executionId, options));
  }

  getVariable(auth: Authentication | null, executionId: string, name: string, options: VariableScopeOptions = {}): Promise<TypedValue | null> {
    return this.executor.read(auth, new GetExecutionVariableCmd(executionId, name, options));
  }

  setVariables(auth: Authentication | null, executionId: string, variables: VariableMap, options: VariableScopeOptions = {}): Promise<void> {
    return this.modifyVariables(auth, executionId, { modifications: variables }, options);
  }

  removeVariables(auth: Authentication | null, executionId: string, names: string[], options: VariableScopeOptions = {}): Promise<void> {
    return this.modifyVariables(auth, executionId, { deletions: names }, options);
  }

  modifyVariables(auth: Authentication | null, executionId: string, change: VariableModification, options: VariableScopeOptions = {}): Promise<void> {
    return this.executor.execute(auth, new ModifyExecutionVariablesCmd(executionId, change, options));
  }

  // ---- task variables

  getTaskVariables(auth: Authentication | null, taskId: string, options: VariableReadOptions = {}): Promise<VariableMap> {
    return this.executor.read(auth, new GetTaskVariablesCmd(taskId, options));
  }

  getTaskVariable(auth: Authentication | null, taskId: string, name: string, options: VariableScopeOptions = {}): Promise<TypedValue | null> {
    return this.executor.read(auth, new GetTaskVariableCmd(taskId, name, options));
  }

  setTaskVariables(auth: Authentication | null, taskId: string, variables: VariableMap, options: VariableScopeOptions = {}): Promise<void> {
    return this.modifyTaskVariables(auth, taskId, { modifications: variables }, options);
  }

  removeTaskVariables(auth: Authentication | null, taskId: string, names: string[], options: VariableScopeOptions = {}): Promise<void> {
    return this.modifyTaskVariables(auth, taskId, { deletions: names }, options);
  }

  modifyTaskVariables(auth: Authentication | null, taskId: string, change: VariableModification, options: VariableScopeOptions = {}): Promise<void> {
    return this.executor.execute(auth, new ModifyTaskVariablesCmd(taskId, change, options));
  }
}
