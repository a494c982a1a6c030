import { AuthorizationEntity } from '../../persistence/entities/identity/authorization.entity';
import { IdentityLinkEntity } from '../../persistence/entities/runtime/identity-link.entity';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { deleteWhereStatement, selectRows, SqlStatement, updateWhereStatement } from '../../persistence/raw-rows';
import { AUTH_TYPE, resolvePermission, Resources } from '../authorization/resources';
import { CommandContext, CommandDeps } from '../command/command-context';
import type { TaskEndReason } from '../history/task-history.manager';
import { newId } from '../util/ids';
import { InstanceRowsContext } from './instance-rows-context';
import { idChunks } from '../history/process-history-tables';

/** What the task manager needs of the engine's options. */
export interface TaskManagerDeps extends CommandDeps {
  /** Granted with READ to the users and groups a task is given to (Camunda's DefaultAuthorizationProvider). */
  readonly defaultUserPermissionForTask?: 'UPDATE' | 'TASK_WORK';
}

/** A user or a group a task is offered to. */
export type Candidate = { userId: string; groupId: null } | { userId: null; groupId: string };

/** An identity link of a task as the task service adds it: a user or a group, of a type (`candidate` or another). */
export interface TaskLink {
  userId: string | null;
  groupId: string | null;
  type: string | null;
}

/** READ and the configured permission on a task, as one bit mask. */
function taskPermissionBits(permission: 'UPDATE' | 'TASK_WORK'): number {
  let bits = 0;
  for (const name of ['READ', permission]) {
    const resolved = resolvePermission(Resources.TASK.code, name);
    if (resolved.ok) bits |= resolved.value;
  }
  return bits;
}

/**
 * The one place that writes user tasks (Camunda's TaskManager and the identity link part of its
 * IdentityLinkManager): the command's tasks (each row read once and tracked, never handed out again once deleted in
 * this command), their history, their identity links, and Camunda's default task authorizations. A task that goes
 * takes its identity links and authorizations with it, in bulk at flush; the grants of the command are written at
 * flush with one read for all of them.
 */
export class TaskManager {
  private readonly tasks = new Map<string, TaskEntity>();
  /** The tasks of the instances whose tasks this command has read (`ofInstance`), by instance id. */
  private readonly byInstance = new Map<string, Map<string, TaskEntity>>();
  /** Rows deleted in this command are still in the database until the flush: never hand them out again. */
  private readonly deleted = new Set<string>();
  /** Stored tasks deleted in this command: their identity links and authorizations go at flush. */
  private readonly deletedStored: string[] = [];
  private readonly grants = new Map<string, { taskId: string; userId: string | null; groupId: string | null }>();
  /** Candidates of stored tasks removed by statement: the identity link log names the stored links they removed. */
  private readonly candidatesDeleted: Array<{ task: TaskEntity; candidate: Candidate }> = [];

  constructor(private readonly ctx: InstanceRowsContext<TaskManagerDeps>) {
    ctx.beforeFlush(() => this.beforeFlush());
  }

  async find(id: string): Promise<TaskEntity | null> {
    if (this.deleted.has(id)) return null;
    const known = this.tasks.get(id);
    if (known) return known;
    const [found] = await selectRows(this.ctx.em, TaskEntity, 'WHERE t.id = ?', [id]);
    return found ? this.adopt(found) : null;
  }

  /** Whether this command has the task already, or deleted it: `find` then answers without a read. */
  isKnown(id: string): boolean {
    return this.deleted.has(id) || this.tasks.has(id);
  }

  /** A task row read in this command (and not deleted in it): the command's one copy of it, tracked. */
  adopt(task: TaskEntity): TaskEntity {
    const known = this.tasks.get(task.id);
    if (known) return known;
    this.tasks.set(task.id, task);
    this.ctx.history.tasks.taskLoaded(task);
    return this.ctx.uow.track(TaskEntity, task);
  }

  /** The tasks of a process instance: read once per command, then kept up to date by inserts and deletes. */
  async ofInstance(processInstanceId: string): Promise<TaskEntity[]> {
    let known = this.byInstance.get(processInstanceId);
    if (!known) {
      const rows = (await selectRows(this.ctx.em, TaskEntity, 'WHERE t.proc_inst_id = ?', [processInstanceId])).filter(
        (t) => !this.deleted.has(t.id),
      );
      known = new Map(rows.map((t) => [t.id, this.adopt(t)]));
      for (const t of this.tasks.values()) if (t.processInstanceId === processInstanceId) known.set(t.id, t);
      this.byInstance.set(processInstanceId, known);
    }
    return [...known.values()];
  }

  /** The tasks of an instance once `ofInstance` has read them, without a read; undefined before. */
  readOf(processInstanceId: string): ReadonlyMap<string, TaskEntity> | undefined {
    return this.byInstance.get(processInstanceId);
  }

  /** A new task: its historic row (under its instance's root, when the command has loaded the instance) and grants. */
  insert(task: TaskEntity): void {
    this.ctx.uow.insert(TaskEntity, task);
    const instance = task.processInstanceId ? this.ctx.loadedInstance(task.processInstanceId) : undefined;
    this.ctx.history.tasks.taskCreated(task, instance?.rootProcessInstanceId ?? null);
    this.grantTaskDefaults(task.id, task.assignee);
    this.grantTaskDefaults(task.id, task.owner);
    this.tasks.set(task.id, task);
    if (task.processInstanceId) {
      this.byInstance.get(task.processInstanceId)?.set(task.id, task);
      this.ctx.touchInstance(task.processInstanceId);
    }
  }

  /**
   * The task goes; history keeps why: `completed`, or `deleted` (cancelled with its activity, or deleted itself). Its
   * local variables are the caller's to drop.
   */
  delete(task: TaskEntity, reason: TaskEndReason = 'deleted'): void {
    this.ctx.history.tasks.taskEnded(task, reason);
    if (!this.ctx.uow.isNew(task)) this.deletedStored.push(task.id);
    this.deleted.add(task.id);
    this.ctx.uow.delete(TaskEntity, task);
    this.tasks.delete(task.id);
    if (task.processInstanceId) {
      this.byInstance.get(task.processInstanceId)?.delete(task.id);
      this.ctx.touchInstance(task.processInstanceId);
    }
  }

  // ---- identity links

  /** A stored identity link of the task (the assignee and the owner are the task's fields, not links). */
  addIdentityLink(task: TaskEntity, link: TaskLink): void {
    this.ctx.uow.insert(
      IdentityLinkEntity,
      Object.assign(new IdentityLinkEntity(), {
        id: newId(),
        rev: 1,
        groupId: link.groupId,
        type: link.type,
        userId: link.userId,
        taskId: task.id,
        processDefinitionId: null,
        tenantId: task.tenantId,
      }),
    );
    this.grantTaskDefaults(task.id, link.userId, link.groupId);
    this.ctx.history.tasks.linkChanged(task, link, 'add');
  }

  /** DelegateTask.addCandidateUser/Group and the candidates of the model: a `candidate` link, with the default grants. */
  addCandidate(task: TaskEntity, candidate: Candidate): void {
    this.addIdentityLink(task, { ...candidate, type: 'candidate' });
  }

  deleteIdentityLink(task: TaskEntity, link: IdentityLinkEntity): void {
    this.ctx.uow.delete(IdentityLinkEntity, link);
    this.ctx.history.tasks.linkChanged(task, link, 'delete');
  }

  /**
   * DelegateTask.deleteCandidateUser/Group. Listeners run synchronously inside expressions, so stored links
   * go by one statement at flush (after this command's inserts, which it also reaches) instead of a read now.
   */
  deleteCandidate(task: TaskEntity, candidate: Candidate): void {
    const matches = (l: IdentityLinkEntity) =>
      l.taskId === task.id &&
      l.type === 'candidate' &&
      (candidate.userId != null ? l.userId === candidate.userId : l.groupId === candidate.groupId);
    for (const link of this.ctx.uow.pendingInserts(IdentityLinkEntity).filter(matches)) {
      this.ctx.uow.delete(IdentityLinkEntity, link);
      this.ctx.history.tasks.linkChanged(task, link, 'delete');
    }
    if (!this.ctx.uow.isNew(task)) this.candidatesDeleted.push({ task, candidate });
    const where =
      candidate.userId != null
        ? { taskId: task.id, type: 'candidate', userId: candidate.userId }
        : { taskId: task.id, type: 'candidate', groupId: candidate.groupId };
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, IdentityLinkEntity, where)]);
  }

  // ---- default authorizations

  /**
   * Camunda's default task authorizations: a user or group the task is given to (assignee, owner,
   * any identity link) may READ it and, by default, UPDATE it (or TASK_WORK, as configured). Only
   * while authorization checks are on; written at flush, added to a grant that exists already.
   */
  grantTaskDefaults(taskId: string, userId: string | null, groupId: string | null = null): void {
    if (!this.ctx.deps.checker.isEnabled || (userId == null && groupId == null)) return;
    this.grants.set(JSON.stringify([taskId, userId, groupId]), { taskId, userId, groupId });
  }

  // ---- at flush

  private async beforeFlush(): Promise<void> {
    if (this.candidatesDeleted.length) await this.logStoredCandidatesDeleted(this.candidatesDeleted.splice(0));
    if (this.grants.size) await this.writeTaskGrants();
    if (this.tasks.size) this.ctx.history.tasks.sync(this.tasks.values());
    if (this.deletedStored.length) this.deleteWithTasks(this.deletedStored.splice(0));
  }

  /** Before the delete statements run: the stored candidate links they are about to remove, one read per task. */
  private async logStoredCandidatesDeleted(deleted: Array<{ task: TaskEntity; candidate: Candidate }>): Promise<void> {
    if (!this.ctx.history.tasks.logsLinks) return;
    for (const { task, candidate } of deleted) {
      const [column, value] =
        candidate.userId != null ? ['user_id', candidate.userId] : ['group_id', candidate.groupId as string];
      const stored = await selectRows(
        this.ctx.em,
        IdentityLinkEntity,
        `WHERE t.task_id = ? AND t.type = 'candidate' AND t.${column} = ?`,
        [task.id, value],
      );
      for (const link of stored) this.ctx.history.tasks.linkChanged(task, link, 'delete');
    }
  }

  /** One read for all of the command's grants, one bulk insert for the new ones (no statement per task or user). */
  private async writeTaskGrants(): Promise<void> {
    const permissions = taskPermissionBits(this.ctx.deps.defaultUserPermissionForTask ?? 'UPDATE');
    const grants = [...this.grants.values()].filter((g) => !this.deleted.has(g.taskId));
    this.grants.clear();
    if (!grants.length) return;
    const taskIds = [...new Set(grants.map((g) => g.taskId))];
    const existing = await selectRows(
      this.ctx.em,
      AuthorizationEntity,
      `WHERE t.type = ? AND t.resource_type = ? AND t.resource_id IN (${taskIds.map(() => '?').join(', ')})`,
      [AUTH_TYPE.GRANT, Resources.TASK.code, ...taskIds],
    );
    for (const { taskId, userId, groupId } of grants) {
      const found = existing.find(
        (a) => a.resourceId === taskId && (userId != null ? a.userId === userId : a.groupId === groupId),
      );
      if (found) {
        if (((found.permissions ?? 0) & permissions) !== permissions)
          this.ctx.uow.track(AuthorizationEntity, found).permissions = (found.permissions ?? 0) | permissions;
        continue;
      }
      this.ctx.uow.insert(
        AuthorizationEntity,
        Object.assign(new AuthorizationEntity(), {
          id: newId(),
          rev: 1,
          type: AUTH_TYPE.GRANT,
          userId,
          groupId,
          resourceType: Resources.TASK.code,
          resourceId: taskId,
          permissions,
          removalTime: null,
          rootProcessInstanceId: null,
        }),
      );
    }
  }

  /** The identity links and, as Camunda's TaskManager, the authorizations of stored tasks that went. */
  private deleteWithTasks(ids: string[]): void {
    const checks = this.ctx.deps.checker.isEnabled;
    this.ctx.uow.sql((em) => {
      const out: SqlStatement[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        out.push(deleteWhereStatement(em, IdentityLinkEntity, { taskId: part }));
        // None are made while checks are off.
        if (checks)
          out.push(
            deleteWhereStatement(em, AuthorizationEntity, { resourceType: Resources.TASK.code, resourceId: part }),
          );
      }
      return out;
    });
  }

  /** Suspends (2) or activates (1) every task of these process instances; each changed row gets a new revision. */
  setSuspensionOfInstances(processInstanceIds: string[], suspensionState: number): void {
    if (!processInstanceIds.length) return;
    this.ctx.uow.sql(() =>
      idChunks(processInstanceIds).map((part) => ({
        sql: `UPDATE act_ru_task SET suspension_state = ?, rev = rev + 1 WHERE proc_inst_id IN (${part.map(() => '?').join(', ')})`,
        params: [suspensionState, ...part],
      })),
    );
  }

  /** The instance's tasks of execution `from` belong to `to` from now on (the tree was expanded or compacted). */
  repoint(processInstanceId: string, from: string, to: string): void {
    for (const t of this.readOf(processInstanceId)?.values() ?? []) if (t.executionId === from) t.executionId = to;
    this.ctx.uow.sql((em) => [updateWhereStatement(em, TaskEntity, { executionId: to }, { executionId: from })]);
  }
}

/**
 * The tasks of process instances that go in bulk with nothing of them loaded (a deployment deleted with cascade), their
 * identity links first.
 */
export function purgeTasksOfInstances(ctx: CommandContext, processInstanceIds: string[]): void {
  if (!processInstanceIds.length) return;
  ctx.uow.sql((em) =>
    idChunks(processInstanceIds).flatMap((part) => [
      {
        sql: `DELETE FROM act_ru_identitylink WHERE task_id IN (SELECT t.id FROM act_ru_task t WHERE t.proc_inst_id IN (${part.map(() => '?').join(', ')}))`,
        params: part,
      },
      deleteWhereStatement(em, TaskEntity, { processInstanceId: part }),
    ]),
  );
}
