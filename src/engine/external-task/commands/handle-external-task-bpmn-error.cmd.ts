import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { NullValueError } from '../../errors';
import { VariableMap } from '../../variables/typed-value';
import { Command } from '../../command/command';
import { ExternalTaskManager } from '../../entities/external-task.manager';
import { ExternalTaskCompletionOptions } from '../external-task-types';
import { loadExternalTask } from './external-task-lookup';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import { Agenda } from '../../bpmn/runtime/agenda';

/** A worker reports a business error: the variables are set, the task goes, the error is thrown at its activity. */
export class HandleExternalTaskBpmnErrorCmd implements Command<void> {
  constructor(
    private readonly externalTaskId: string,
    private readonly errorCode: string | null | undefined,
    private readonly errorMessage?: string | null,
    private readonly variables?: VariableMap | null,
    private readonly options?: ExternalTaskCompletionOptions,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    if (this.errorCode == null) throw new NullValueError('errorCode is null');
    const { task, execution, ref } = await loadExternalTask(ctx, this.externalTaskId, this.options);
    ctx.manager(VariableStore).setAll(execution, this.variables);
    ctx.manager(ExternalTaskManager).delete(task);
    ctx.afterCommit(() => ctx.deps.metrics.externalTaskBpmnError());
    ctx.manager(Agenda).plan({
      kind: 'ERROR_PROPAGATE',
      execution,
      activityId: ref.id,
      errorCode: this.errorCode,
      errorMessage: this.errorMessage ?? null,
      thrownByEndEvent: false,
    });
    await ctx.manager(Agenda).run();
  }
}
