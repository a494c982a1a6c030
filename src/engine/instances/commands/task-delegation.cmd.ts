import { checkTaskAssign, checkTaskWork } from '../../bpmn/runtime/runtime-authorization';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { VariableMap } from '../../variables/typed-value';
import { ensureTaskActive, findTaskOrFail, setAssigneeOrOwner, taskUpdated } from './task-identity-links.cmd';
import { logTaskOperation, taskChanges } from './task-operation-log';
import { VariableStore } from '../../bpmn/runtime/variable-store';

export const PENDING = 'PENDING';
export const RESOLVED = 'RESOLVED';

/** Hands a task to somebody else for now: the owner (the assignee so far, unless there is one) gets it back on resolve. */
export class DelegateTaskCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly userId: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const task = await findTaskOrFail(ctx, this.taskId);
    await checkTaskAssign(ctx, task);
    ensureTaskActive(task);
    const before = { ...task };
    task.delegationState = PENDING;
    task.lastUpdated = ctx.now();
    if (task.owner == null) setAssigneeOrOwner(ctx, task, 'owner', task.assignee);
    const assigneeChanged = setAssigneeOrOwner(ctx, task, 'assignee', this.userId);
    logTaskOperation(ctx, task, 'Delegate', taskChanges(before, task, ['delegationState', 'owner', 'assignee']));
    await taskUpdated(ctx, task, assigneeChanged);
  }
}

/**
 * Gives a delegated task back to its owner, with variables set as completing would set them. Like
 * Camunda's, it does not look at the delegation state: resolving a task never delegated is allowed.
 */
export class ResolveTaskCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly variables: VariableMap | null | undefined,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const task = await findTaskOrFail(ctx, this.taskId);
    await checkTaskWork(ctx, task);
    ensureTaskActive(task);
    const instance = task.processInstanceId ? await ctx.loadInstance(task.processInstanceId) : null;
    if (instance)
      for (const [name, value] of Object.entries(this.variables ?? {}))
        ctx.manager(VariableStore).setForTask(instance, task, name, value);
    const before = { ...task };
    task.delegationState = RESOLVED;
    task.lastUpdated = ctx.now();
    const assigneeChanged = setAssigneeOrOwner(ctx, task, 'assignee', task.owner);
    logTaskOperation(ctx, task, 'Resolve', taskChanges(before, task, ['delegationState', 'assignee']));
    await taskUpdated(ctx, task, assigneeChanged);
  }
}
