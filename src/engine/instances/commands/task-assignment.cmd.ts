import { checkTaskAssign } from '../../bpmn/runtime/runtime-authorization';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { ConflictError, NullValueError } from '../../errors';
import { Command } from '../../command/command';
import { TaskManager } from '../../entities/task.manager';
import { ensureTaskActive, setAssigneeOrOwner, taskUpdated } from './task-identity-links.cmd';
import { logTaskOperation } from './task-operation-log';

/** Claim, unclaim and set assignee. */
export class SetTaskAssigneeCmd implements Command<void> {
  constructor(
    private readonly taskId: string,
    private readonly userId: string | null,
    private readonly claim: boolean,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const task = await ctx.manager(TaskManager).find(this.taskId);
    if (!task) throw new NullValueError(`Cannot find task with id ${this.taskId}: task is null`);
    await checkTaskAssign(ctx, task);
    if (this.claim && this.userId != null && task.assignee != null && task.assignee !== this.userId) {
      throw new ConflictError(`Task '${task.id}' is already claimed by someone else.`, 'TaskAlreadyClaimedException');
    }
    ensureTaskActive(task);
    const before = task.assignee;
    if (!setAssigneeOrOwner(ctx, task, 'assignee', this.userId)) return;
    logTaskOperation(ctx, task, this.claim ? 'Claim' : 'Assign', [
      { property: 'assignee', orgValue: before, newValue: task.assignee },
    ]);
    await taskUpdated(ctx, task, true);
  }
}
