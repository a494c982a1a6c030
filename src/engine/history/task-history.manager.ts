import { selectRows, updateRowStatement } from '../../persistence/raw-rows';
import { HistoricIdentityLinkLogEntity } from '../../persistence/entities/history/historic-identity-link-log.entity';
import { HistoricTaskInstanceEntity } from '../../persistence/entities/history/historic-task-instance.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { newId } from '../util/ids';
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

/** Who a task is given to, as the identity link log records it: a user or a group, of a type. */
export interface LoggedLink {
  userId: string | null;
  groupId: string | null;
  type: string | null;
}

/** The task fields Camunda logs as identity links of their own name when they change. */
const LINK_FIELDS = ['assignee', 'owner'] as const;

/**
 * Historic task instances (history level activity and above, as Camunda's HistoryLevelActivity): a row when a task is
 * created, its followed fields written again when a command changed them, its end with the delete reason. A task
 * created in the command is inserted in its final state; one loaded from the database costs one update when it changed.
 * The runtime reaches it as `ctx.history.tasks`.
 */
export class TaskHistoryManager {
  private readonly created = new Map<string, HistoricTaskInstanceEntity>();
  private readonly loaded = new Map<string, Followed>();
  /** Identity link log rows of the command, inserted at flush once their instances' roots are known. */
  private readonly links: HistoricIdentityLinkLogEntity[] = [];
  /** The assignee and owner of each task of the command as last logged (none for a task created in it). */
  private readonly linkFields = new Map<string, Pick<TaskEntity, 'assignee' | 'owner'>>();
  private readonly uow: UnitOfWork;
  private readonly enabled: boolean;
  /** Camunda's identity link events are of history level full only (HistoryLevelFull; audit leaves them out). */
  private readonly linksEnabled: boolean;

  get logsLinks(): boolean {
    return this.linksEnabled;
  }

  constructor(private readonly ctx: CommandContext) {
    this.uow = ctx.uow;
    this.enabled = (ctx.deps.historyLevel ?? 'none') !== 'none';
    this.linksEnabled = ctx.deps.historyLevel === 'full';
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
    if (this.linksEnabled) this.linkFields.set(task.id, { assignee: null, owner: null });
  }

  /** A task read from the database: what it looks like now, to see at flush whether the command changed it. */
  taskLoaded(task: TaskEntity): void {
    if (this.enabled && !this.loaded.has(task.id)) this.loaded.set(task.id, followed(task));
    if (this.linksEnabled && !this.linkFields.has(task.id))
      this.linkFields.set(task.id, { assignee: task.assignee, owner: task.owner });
  }

  taskEnded(task: TaskEntity, reason: TaskEndReason): void {
    if (!this.enabled) return;
    this.logFieldChanges(task);
    this.linkFields.delete(task.id);
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
      this.logFieldChanges(task);
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

  /** A stored identity link of the task added or removed (candidates and other types). */
  linkChanged(task: TaskEntity, link: LoggedLink, operation: 'add' | 'delete'): void {
    if (!this.linksEnabled) return;
    const row = Object.assign(new HistoricIdentityLinkLogEntity(), {
      id: newId(),
      time: this.now(),
      type: link.type,
      userId: link.userId,
      groupId: link.groupId,
      taskId: task.id,
      rootProcessInstanceId: null,
      processInstanceId: task.processInstanceId,
      processDefinitionId: task.processDefinitionId,
      operationType: operation,
      assignerId: this.ctx.auth?.userId ?? null,
      processDefinitionKey: task.processDefinitionKey,
      tenantId: task.tenantId,
      removalTime: null,
    });
    if (!this.links.length) this.ctx.beforeFlush(() => this.insertLinks());
    this.links.push(row);
  }

  /**
   * Camunda's TaskEntity logs a change of assignee or owner as the old user's link deleted and the new one's added,
   * typed `assignee` or `owner`. Net per command: a field changed and changed back in one command logs nothing.
   */
  private logFieldChanges(task: TaskEntity): void {
    const before = this.linkFields.get(task.id);
    if (!before) return;
    for (const field of LINK_FIELDS) {
      const was = before[field] ?? null;
      const now = task[field] ?? null;
      if (was === now) continue;
      if (was != null) this.linkChanged(task, { userId: was, groupId: null, type: field }, 'delete');
      if (now != null) this.linkChanged(task, { userId: now, groupId: null, type: field }, 'add');
    }
    this.linkFields.set(task.id, { assignee: task.assignee, owner: task.owner });
  }

  /** The roots of the logged tasks' instances (one read for those the command has not loaded), then the inserts. */
  private async insertLinks(): Promise<void> {
    const rows = this.links.splice(0);
    const roots = new Map<string, string>();
    const unknown = new Set<string>();
    for (const row of rows) {
      const pi = row.processInstanceId;
      if (!pi || roots.has(pi)) continue;
      const loaded = this.ctx.loadedInstance(pi);
      if (loaded) roots.set(pi, loaded.rootProcessInstanceId);
      else unknown.add(pi);
    }
    if (unknown.size) {
      const ids = [...unknown];
      const found = await selectRows(
        this.ctx.em,
        ExecutionEntity,
        `WHERE t.id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      for (const e of found) roots.set(e.id, e.rootProcessInstanceId ?? e.id);
    }
    for (const row of rows) {
      const pi = row.processInstanceId;
      row.rootProcessInstanceId = pi ? (roots.get(pi) ?? pi) : null;
      this.uow.insert(HistoricIdentityLinkLogEntity, row);
    }
  }
}
