import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { ProcessInstanceState } from '../../bpmn/runtime/process-instance-state';
import { NotFoundError, ProcessEngineError } from '../../errors';
import { TypedValue, VariableMap } from '../../variables/typed-value';
import { fireTaskUpdated } from '../../bpmn/runtime/task-listeners';
import { Command } from '../../command/command';
import { TaskManager } from '../../entities/task.manager';
import { pickVariables } from './pick-variables';
import { checkReadTask, checkUpdateTaskVariables } from '../../bpmn/runtime/runtime-authorization';
import { VariableModification, VariableReadOptions, VariableScopeOptions } from '../runtime-types';
import { inInstance, OPERATION_CATEGORY } from '../../command/user-operation';
import { HistoryLogManager } from '../../history/history-log.manager';
import { VariableStore } from '../../bpmn/runtime/variable-store';

async function load(
  ctx: RuntimeContext,
  taskId: string,
): Promise<{ task: TaskEntity; instance: ProcessInstanceState }> {
  const task = await ctx.manager(TaskManager).find(taskId);
  if (!task) throw new NotFoundError(`Cannot find task with id ${taskId}: task is null`);
  const instance = task.processInstanceId ? await ctx.loadInstance(task.processInstanceId) : null;
  // Standalone tasks (without a process) come with the task API; their variables need an owner instance here.
  if (!instance) throw new ProcessEngineError(`Task ${taskId} does not belong to a process instance`);
  return { task, instance };
}

/** A task's variables: its own, plus (without `local`) those visible from its execution. */
export class GetTaskVariablesCmd implements Command<VariableMap> {
  constructor(
    private readonly taskId: string,
    private readonly options: VariableReadOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<VariableMap> {
    const { task, instance } = await load(ctx, this.taskId);
    await checkReadTask(ctx, task);
    const map = this.options.local
      ? ctx.manager(VariableStore).localForTask(instance, task)
      : ctx.manager(VariableStore).visibleForTask(instance, task);
    return pickVariables(map, this.options.names);
  }
}

export class GetTaskVariableCmd implements Command<TypedValue | null> {
  constructor(
    private readonly taskId: string,
    private readonly name: string,
    private readonly options: VariableScopeOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<TypedValue | null> {
    const { task, instance } = await load(ctx, this.taskId);
    await checkReadTask(ctx, task);
    const map = this.options.local ? ctx.manager(VariableStore).localForTask(instance, task) : null;
    return (map ? map[this.name] : ctx.manager(VariableStore).getForTask(instance, task, this.name)) ?? null;
  }
}

export class ModifyTaskVariablesCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly change: VariableModification,
    private readonly options: VariableScopeOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const { task, instance } = await load(ctx, this.taskId);
    await checkUpdateTaskVariables(ctx, task);
    // Updates first, then deletions: a name in both lists ends deleted (Camunda's order).
    for (const [name, value] of Object.entries(this.change.modifications ?? {})) {
      if (this.options.local) ctx.manager(VariableStore).setLocalForTask(instance, task, name, value);
      else ctx.manager(VariableStore).setForTask(instance, task, name, value);
    }
    for (const name of this.change.deletions ?? []) {
      if (this.options.local) ctx.manager(VariableStore).removeLocalForTask(instance, task, name);
      else ctx.manager(VariableStore).removeForTask(instance, task, name);
    }
    ctx.touch(instance);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: this.change.operation ?? 'ModifyVariable',
      entityType: 'Variable',
      category: OPERATION_CATEGORY.taskWorker,
      ...inInstance(instance),
      executionId: task.executionId,
      taskId: task.id,
    });
    // Task-local variables belong to the task: changing them is an update of a created task, as in Camunda.
    if (this.options.local && task.processInstanceId) await fireTaskUpdated(ctx, instance, task, false);
  }
}
