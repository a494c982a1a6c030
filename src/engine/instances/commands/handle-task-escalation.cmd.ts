import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { resolveActivity } from '../../bpmn/runtime/activity-ref';
import { propagateEscalation } from '../../bpmn/runtime/events/escalation-propagation';
import { checkTaskWork } from '../../bpmn/runtime/runtime-authorization';
import { BadUserRequestError, NotFoundError, ProcessEngineError, SuspendedEntityInteractionError } from '../../errors';
import { VariableMap } from '../../variables/typed-value';
import { Command } from '../../command/command';
import { TaskManager } from '../../entities/task.manager';
import { VariableStore } from '../../bpmn/runtime/variable-store';
import { Agenda } from '../../bpmn/runtime/agenda';

/**
 * TaskService.handleEscalation: the variables are set, then the escalation is thrown at the task's
 * activity (its own escalation boundary events first). Unlike a throw event, an escalation from a
 * task must be caught (Camunda); an interrupting catch ends the task, a non-interrupting one leaves it open.
 */
export class HandleTaskEscalationCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly escalationCode: string | null | undefined,
    private readonly variables: VariableMap | null | undefined,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    if (!this.escalationCode) throw new BadUserRequestError('escalationCode is empty');
    const task = await ctx.manager(TaskManager).find(this.taskId);
    if (!task) throw new NotFoundError(`Cannot find task with id ${this.taskId}: task is null`);
    await checkTaskWork(ctx, task);
    if (task.suspensionState === 2)
      throw new SuspendedEntityInteractionError(`Cannot handle escalation of task ${task.id}: task is suspended`);
    const instance = task.processInstanceId ? await ctx.loadInstance(task.processInstanceId) : null;
    const execution = instance && task.executionId ? instance.get(task.executionId) : undefined;
    const ref = instance ? resolveActivity(instance.graph, task.taskDefinitionKey) : null;
    if (!instance || !execution || !ref || execution.activityId !== ref.id) {
      throw new ProcessEngineError(`Task ${task.id} does not belong to a waiting activity of a process instance`);
    }
    ctx.manager(VariableStore).setAll(execution, this.variables);
    const outcome = await propagateEscalation(ctx, instance, execution, ref, this.escalationCode, ref.node.scopeId);
    if (outcome === 'uncaught') {
      throw new BadUserRequestError(
        `ENGINE-02043 Execution with id '${ref.id}' throws an escalation event with escalationCode '${this.escalationCode}', but no escalation handler was defined. `,
        'ProcessEngineException',
      );
    }
    await ctx.manager(Agenda).run();
  }
}
