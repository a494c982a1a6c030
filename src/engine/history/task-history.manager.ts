import { updateRowStatement } from '../../persistence/raw-rows';
import { HistoricTaskInstanceEntity } from '../../persistence/entities/history/historic-task-instance.entity';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { CommandContext } from '../command/command-context';
import type { UnitOfWork } from '../command/unit-of-work';

/** The task fields history follows (Camunda's TASK_INSTANCE_UPDATE): one snapshot per task loaded in a command. */
const FOLLOWED = [
  'name',
  'description',
  'owner',
  'assignee',
  'priority',
  'dueDate',
  'followUpDate',
  'parentTaskId',
  'taskDefinitionKey',
  'tenantId',
] as const;

type Followed = Pick<TaskEntity, (typeof FOLLOWED)[number]>;

function followed(task: TaskEntity): Followed {
  const out: Record<string, unknown> = {};
  for (const key of FOLLOWED) out[key] = task[key];
  return out as Followed;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

export type TaskEndReason = 'completed' | 'deleted';

/**
 * Historic task instances (history level activity and above, as Camunda's HistoryLevelActivity): a row when a task is
 * created, its followed fields written again when a command changed them, its end with the delete reason. A task
 * created in the command is inserted in its final state; one loaded from the database costs one update when it changed.
 * The runtime reaches it as `ctx.history.tasks`.
 */
export class TaskHistoryManager {
  private readonly created = new Map<string, HistoricTaskInstanceEntity>();
  private readonly loaded = new Map<string, Followed>();
  private readonly uow: UnitOfWork;
  private readonly enabled: boolean;

  constructor(private readonly ctx: CommandContext) {
    this.uow = ctx.uow;
    this.enabled = (ctx.deps.historyLevel ?? 'none') !== 'none';
  }

  private now(): Date {
    return this.ctx.now();
  }

  taskCreated(task: TaskEntity, rootProcessInstanceId: string | null): void {
    if (!this.enabled) return;
    const row = Object.assign(new HistoricTaskInstanceEntity(), {
      id: task.id,
      processDefinitionKey: task.processDefinitionKey,
      processDefinitionId: task.processDefinitionId,
      rootProcessInstanceId,
      processInstanceId: task.processInstanceId,
      executionId: task.executionId,
      activityInstanceId: task.activityInstanceId,
      startTime: task.createTime ?? this.now(),
      endTime: null,
      durationInMillis: null,
      deleteReason: null,
      removalTime: null,
      ...followed(task),
    });
    this.created.set(task.id, row);
    this.uow.insert(HistoricTaskInstanceEntity, row);
  }

  /** A task read from the database: what it looks like now, to see at flush whether the command changed it. */
  taskLoaded(task: TaskEntity): void {
    if (this.enabled && !this.loaded.has(task.id)) this.loaded.set(task.id, followed(task));
  }

  taskEnded(task: TaskEntity, reason: TaskEndReason): void {
    if (!this.enabled) return;
    const end = this.now();
    const values = {
      ...followed(task),
      endTime: end,
      durationInMillis: end.getTime() - task.createTime.getTime(),
      deleteReason: reason,
    };
    const row = this.created.get(task.id);
    this.loaded.delete(task.id);
    if (row) {
      Object.assign(row, values);
      return;
    }
    this.uow.sql((em) => [updateRowStatement(em, HistoricTaskInstanceEntity, task.id, null, values)]);
  }

  /** Before the flush: the final state of the tasks still alive (created ones in their insert, changed ones updated). */
  sync(alive: Iterable<TaskEntity>): void {
    if (!this.enabled) return;
    for (const task of alive) {
      const row = this.created.get(task.id);
      if (row) {
        Object.assign(row, followed(task));
        continue;
      }
      const before = this.loaded.get(task.id);
      if (!before) continue;
      const now = followed(task);
      const changed = FOLLOWED.filter((key) => !same(before[key], now[key]));
      if (!changed.length) continue;
      this.loaded.set(task.id, now);
      const values = Object.fromEntries(changed.map((key) => [key, now[key]]));
      this.uow.sql((em) => [updateRowStatement(em, HistoricTaskInstanceEntity, task.id, null, values)]);
    }
  }
}
