import { IdentityLinkEntity } from '../../../persistence/entities/runtime/identity-link.entity';
import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { Resources } from '../../authorization/resources';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';

export interface TaskCountByCandidateGroup {
  groupName: string | null;
  taskCount: number;
}

/**
 * Camunda's TaskReport.taskCountByCandidateGroup: the unassigned tasks per group of their identity links, the tasks
 * without a group link under null, by group name. It needs READ on every task (Task, resource id `*`).
 */
export class TaskCountByCandidateGroupCmd implements Command<TaskCountByCandidateGroup[]> {
  async execute(ctx: RuntimeContext): Promise<TaskCountByCandidateGroup[]> {
    await ctx.checkPermissions([{ permission: 'READ', resource: Resources.TASK, resourceId: '*' }]);
    const rows = await ctx.em
      .createQueryBuilder(TaskEntity, 't')
      .leftJoin(IdentityLinkEntity, 'i', 'i.taskId = t.id')
      .select('i.groupId', 'groupName')
      .addSelect('COUNT(t.id)', 'taskCount')
      .where('t.assignee IS NULL')
      .groupBy('i.groupId')
      .orderBy('i.groupId', 'ASC')
      .getRawMany<{ groupName: string | null; taskCount: string | number }>();
    return rows.map((r) => ({ groupName: r.groupName ?? null, taskCount: Number(r.taskCount) }));
  }
}
