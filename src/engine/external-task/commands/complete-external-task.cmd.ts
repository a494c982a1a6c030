import { throwMappedError } from '../../bpmn/behaviors/external-task.behavior';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { VariableMap } from '../../variables/typed-value';
import { Command } from '../../command/command';
import { ExternalTaskManager } from '../../entities/external-task.manager';
import { ExternalTaskCompletionOptions } from '../external-task-types';
import { loadExternalTask } from './external-task-lookup';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import { Agenda } from '../../bpmn/runtime/agenda';

/**
 * A worker's result: variables go to the process (set where they exist, else on the instance),
 * local variables to the task's execution. A camunda:errorEventDefinition whose expression now
 * holds turns the completion into a BPMN error; otherwise the task goes and the process continues.
 */
export class CompleteExternalTaskCmd implements Command<void> {
  constructor(
    private readonly externalTaskId: string,
    private readonly variables?: VariableMap | null,
    private readonly localVariables?: VariableMap | null,
    private readonly options?: ExternalTaskCompletionOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const { task, execution, ref } = await loadExternalTask(ctx, this.externalTaskId, this.options);
    ctx.manager(VariableStore).setAll(execution, this.variables);
    ctx.manager(VariableStore).setAll(execution, this.localVariables, true);
    if (Object.keys({ ...this.variables, ...this.localVariables }).length > 0) {
      await ctx.manager(Agenda).settleVariables();
      // An interrupting conditional event canceled the task with its activity: the completion ends there.
      if (!(await ctx.manager(ExternalTaskManager).find(task.id))) return;
    }
    ctx.manager(ExternalTaskManager).delete(task, 'completed');
    ctx.afterCommit(() => ctx.deps.metrics.externalTaskCompleted());
    if (!throwMappedError(ctx, execution, ref))
      ctx.manager(Agenda).plan({ kind: 'ACTIVITY_END', execution, activityId: ref.id });
    await ctx.manager(Agenda).run();
  }
}
