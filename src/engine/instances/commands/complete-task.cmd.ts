import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { NotFoundError, SuspendedEntityInteractionError } from '../../errors';
import { VariableMap } from '../../variables/typed-value';
import { Command } from '../../command/command';
import { TaskManager } from '../../entities/task.manager';
import { checkTaskWork } from '../../bpmn/runtime/runtime-authorization';
import { completeProcessTask } from '../../bpmn/runtime/task-listeners';
import { logTaskOperation } from './task-operation-log';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import { Agenda } from '../../bpmn/runtime/agenda';

/** Completes a user task: sets the variables (task scope rules), removes the task and continues the process. */
export class CompleteTaskCmd implements Command<VariableMap | null> {
  constructor(
    private readonly taskId: string,
    private readonly variables: VariableMap | null | undefined,
    private readonly withVariablesInReturn: boolean,
  ) {}

  async execute(ctx: RuntimeContext): Promise<VariableMap | null> {
    const { row: task, instance } = await ctx.findTaskWithInstance(this.taskId);
    if (!task) throw new NotFoundError(`Cannot find task with id ${this.taskId}: task is null`);
    await checkTaskWork(ctx, task);
    if (task.suspensionState === 2)
      throw new SuspendedEntityInteractionError(`Cannot complete task ${task.id}: task is suspended`);
    logTaskOperation(ctx, task, 'Complete', [{ property: 'delete', orgValue: false, newValue: true }]);
    if (!instance) {
      ctx.manager(TaskManager).delete(task, 'completed');
      return this.withVariablesInReturn ? { ...(this.variables ?? {}) } : null;
    }
    for (const [name, value] of Object.entries(this.variables ?? {}))
      ctx.manager(VariableStore).setForTask(instance, task, name, value);
    if (Object.keys(this.variables ?? {}).length > 0) {
      await ctx.manager(Agenda).settleVariables();
      // An interrupting conditional event took the task away: nothing is left to complete.
      if (!(await ctx.manager(TaskManager).find(task.id))) {
        if (!this.withVariablesInReturn) return null;
        const at = task.executionId ? instance.get(task.executionId) : undefined;
        return at ? ctx.manager(VariableStore).visible(at) : (instance.finalVariables ?? {});
      }
    }
    const execution = task.executionId ? instance.get(task.executionId) : undefined;
    await completeProcessTask(ctx, instance, task);
    await ctx.manager(Agenda).run();
    if (!this.withVariablesInReturn) return null;
    return execution && instance.executions.has(execution.id)
      ? ctx.manager(VariableStore).visible(execution)
      : (instance.finalVariables ?? {});
  }
}
