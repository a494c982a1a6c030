import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { resolveActivity } from '../../bpmn/runtime/activity-ref';
import { errorDefinitionOf, findCatch } from '../../bpmn/runtime/events/catch-search';
import { checkTaskWork } from '../../bpmn/runtime/runtime-authorization';
import { fireTaskDeleted } from '../../bpmn/runtime/task-listeners';
import { BadUserRequestError, NotFoundError } from '../../errors';
import { VariableMap } from '../../variables/typed-value';
import { Command } from '../../command/command';
import { TaskManager } from '../../entities/task.manager';
import { ensureTaskActive } from './task-identity-links.cmd';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import { Agenda } from '../../bpmn/runtime/agenda';

/**
 * TaskService.handleBpmnError: the variables are set, then the error is thrown at the task's activity and travels to
 * the nearest catching boundary event or error event sub-process (which cancel the task on their way). Uncaught, the
 * task's token ends there (Camunda's default, without exceptions after unhandled BPMN errors).
 */
export class HandleTaskBpmnErrorCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly errorCode: string | null | undefined,
    private readonly errorMessage: string | null | undefined,
    private readonly variables: VariableMap | null | undefined,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    if (this.errorCode == null) throw new BadUserRequestError('errorCode is null');
    if (this.errorCode === '') throw new BadUserRequestError('errorCode is empty');
    const task = await ctx.manager(TaskManager).find(this.taskId);
    if (!task) throw new NotFoundError(`Cannot find task with id ${this.taskId}: task is null`);
    await checkTaskWork(ctx, task);
    ensureTaskActive(task);
    const instance = task.processInstanceId ? await ctx.loadInstance(task.processInstanceId) : null;
    const execution = instance && task.executionId ? instance.get(task.executionId) : undefined;
    const ref = instance ? resolveActivity(instance.graph, task.taskDefinitionKey) : null;
    if (!instance || !execution || !ref || execution.activityId !== ref.id) {
      // A task of no process has no activity to throw at (Camunda fails the propagation).
      throw new BadUserRequestError(
        `Propagation of bpmn error ${this.errorCode} failed: task ${task.id} is not waiting in a process instance`,
        'ProcessEngineException',
      );
    }
    ctx.manager(VariableStore).setAll(execution, this.variables);
    const catcher = await findCatch(ctx, instance, execution, ref, {
      definitionOf: errorDefinitionOf,
      codeOf: (d) => d.errorCode,
      code: this.errorCode,
    });
    if (!catcher) {
      // Nothing cancels the task on the way: it goes here, as Camunda's execution.end(true) takes it with it.
      await fireTaskDeleted(ctx, instance, task);
      ctx.manager(TaskManager).delete(task);
      ctx.manager(VariableStore).dropScope(instance, task.id);
    }
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
