import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import {
  deleteWhereStatement,
  selectRows,
  sqlParam,
  SqlStatement,
  updateWhereStatement,
} from '../../persistence/raw-rows';
import { CommandContext, CommandDeps } from '../command/command-context';
import { INCIDENT_TYPE, IncidentManager } from '../incident/incident.manager';
import { InstanceRowsContext } from './instance-rows-context';
import { HistoryLogManager } from '../history/history-log.manager';
import { idChunks } from '../history/process-history-tables';

/** What the external task manager needs of the engine. */
export interface ExternalTaskManagerDeps extends CommandDeps {
  /** Told after commit about new external tasks (long polling wakes up on it). */
  readonly externalTasksCreated: (topics: string[]) => void;
}

/** How an external task goes: see `ExternalTaskManager.delete`. */
export type ExternalTaskEnd = 'completed' | 'cancelled' | 'removed';

/**
 * The one place that writes external tasks (Camunda's ExternalTaskManager): the command's tasks (each row read once
 * and tracked, never handed out again once deleted in this command), their log, their failedExternalTask incidents
 * through the IncidentManager, and a worker's locks. Long polls hear of the topics of new tasks once the command has
 * committed.
 */
export class ExternalTaskManager {
  private readonly tasks = new Map<string, ExternalTaskEntity>();
  /** The external tasks of the instances whose tasks this command has read (`ofInstance`), by instance id. */
  private readonly byInstance = new Map<string, Map<string, ExternalTaskEntity>>();
  /** Rows deleted in this command are still in the database until the flush: never hand them out again. */
  private readonly deleted = new Set<string>();
  private readonly newTopics = new Set<string>();

  constructor(private readonly ctx: InstanceRowsContext<ExternalTaskManagerDeps>) {}

  async find(id: string): Promise<ExternalTaskEntity | null> {
    if (this.deleted.has(id)) return null;
    const known = this.tasks.get(id);
    if (known) return known;
    const [found] = await selectRows(this.ctx.em, ExternalTaskEntity, 'WHERE t.id = ?', [id]);
    return found ? this.adopt(found) : null;
  }

  /** Whether this command has the task already, or deleted it: `find` then answers without a read. */
  isKnown(id: string): boolean {
    return this.deleted.has(id) || this.tasks.has(id);
  }

  /** A row read in this command (and not deleted in it): the command's one copy of it, tracked. */
  adopt(task: ExternalTaskEntity): ExternalTaskEntity {
    const known = this.tasks.get(task.id);
    if (known) return known;
    this.tasks.set(task.id, task);
    return this.ctx.uow.track(ExternalTaskEntity, task);
  }

  /** The external tasks of a process instance: read once per command, then kept up to date by inserts and deletes. */
  async ofInstance(processInstanceId: string): Promise<ExternalTaskEntity[]> {
    let known = this.byInstance.get(processInstanceId);
    if (!known) {
      const rows = (
        await selectRows(this.ctx.em, ExternalTaskEntity, 'WHERE t.proc_inst_id = ?', [processInstanceId])
      ).filter((t) => !this.deleted.has(t.id));
      known = new Map(rows.map((t) => [t.id, this.adopt(t)]));
      for (const t of this.tasks.values()) if (t.processInstanceId === processInstanceId) known.set(t.id, t);
      this.byInstance.set(processInstanceId, known);
    }
    return [...known.values()];
  }

  /** The external tasks of an instance once `ofInstance` has read them, without a read; undefined before. */
  readOf(processInstanceId: string): ReadonlyMap<string, ExternalTaskEntity> | undefined {
    return this.byInstance.get(processInstanceId);
  }

  /** A new task of a loaded process instance: its `created` log, and its topic told to long polls after commit. */
  insert(task: ExternalTaskEntity): void {
    this.ctx.uow.insert(ExternalTaskEntity, task);
    this.tasks.set(task.id, task);
    if (task.processInstanceId) this.byInstance.get(task.processInstanceId)?.set(task.id, task);
    if (!this.newTopics.size) this.ctx.afterCommit(() => this.ctx.deps.externalTasksCreated([...this.newTopics]));
    this.newTopics.add(task.topicName);
    this.ctx.manager(HistoryLogManager).externalTask('created', task, this.rootOf(task));
    if (task.processInstanceId) this.ctx.touchInstance(task.processInstanceId);
  }

  /**
   * How the task goes: `completed` by its worker (a success log), `cancelled` with its activity (an open incident is
   * recorded as deleted rather than resolved), or `removed` otherwise (a BPMN error, a failure leaving the activity).
   */
  delete(task: ExternalTaskEntity, how: ExternalTaskEnd = 'removed'): void {
    this.ctx.uow.delete(ExternalTaskEntity, task);
    this.ctx
      .manager(HistoryLogManager)
      .externalTask(how === 'completed' ? 'successful' : 'deleted', task, this.rootOf(task));
    this.deleted.add(task.id);
    this.tasks.delete(task.id);
    if (task.processInstanceId) this.byInstance.get(task.processInstanceId)?.delete(task.id);
    // Only a task that ran out of retries can have an open failedExternalTask incident.
    if (task.retries != null && task.retries <= 0)
      this.ctx
        .manager(IncidentManager)
        .endFor(INCIDENT_TYPE.failedExternalTask, [task.id], how === 'cancelled' ? 'deleted' : 'resolved');
    if (task.processInstanceId) this.ctx.touchInstance(task.processInstanceId);
  }

  // ---- a worker's locks, retries and priority

  /**
   * Fetch and lock: one UPDATE per distinct lock duration (usually one), returned for the caller to send with its read
   * of the tasks' variables (one round trip on MySQL/MariaDB). The rows are the caller's already (row locks or the
   * single SQLite writer), so no revision check is needed; the given rows, not tracked, take the new lock and revision.
   */
  lockForFetch(
    tasks: ExternalTaskEntity[],
    workerId: string,
    lockDuration: (task: ExternalTaskEntity) => number,
    now: Date,
  ): SqlStatement[] {
    const em = this.ctx.em;
    const byDuration = new Map<number, ExternalTaskEntity[]>();
    for (const task of tasks) {
      const duration = lockDuration(task);
      if (!byDuration.has(duration)) byDuration.set(duration, []);
      byDuration.get(duration)!.push(task);
    }
    const statements: SqlStatement[] = [];
    for (const [duration, group] of byDuration) {
      const expiration = new Date(now.getTime() + duration);
      statements.push({
        sql:
          'UPDATE act_ru_ext_task SET worker_id = ?, lock_exp_time = ?, rev = rev + 1 ' +
          `WHERE id IN (${group.map(() => '?').join(', ')})`,
        params: [sqlParam(em, workerId), sqlParam(em, expiration), ...group.map((t) => sqlParam(em, t.id))],
      });
      for (const task of group) Object.assign(task, { workerId, lockExpirationTime: expiration, rev: task.rev + 1 });
    }
    return statements;
  }

  /** The following writes take a row read in this command; the flush writes them, revision-checked. */
  lock(task: ExternalTaskEntity, workerId: string, expiration: Date): void {
    Object.assign(this.adopt(task), { workerId, lockExpirationTime: expiration });
  }

  extendLock(task: ExternalTaskEntity, expiration: Date): void {
    this.adopt(task).lockExpirationTime = expiration;
  }

  unlock(task: ExternalTaskEntity): void {
    Object.assign(this.adopt(task), { workerId: null, lockExpirationTime: null });
  }

  setPriority(task: ExternalTaskEntity, priority: number): void {
    this.adopt(task).priority = priority;
  }

  /**
   * New retries, with Camunda's incident handling (see `IncidentManager.setExternalTaskRetries`); true when the task
   * became fetchable again.
   */
  setRetries(task: ExternalTaskEntity, retries: number): boolean {
    return this.ctx.manager(IncidentManager).setExternalTaskRetries(this.adopt(task), retries);
  }

  /** The root process instance of a task's instance, which the command has loaded. */
  private rootOf(task: ExternalTaskEntity): string | null {
    return task.processInstanceId
      ? (this.ctx.loadedInstance(task.processInstanceId)?.rootProcessInstanceId ?? null)
      : null;
  }

  /**
   * Suspends (2) or activates (1) every external task of these process instances; each changed row gets a new revision.
   * Activated tasks can be fetched again: waiting long polls of their topics are told after commit.
   */
  async setSuspensionOfInstances(processInstanceIds: string[], suspensionState: number): Promise<void> {
    if (!processInstanceIds.length) return;
    const topics = new Set<string>();
    for (const part of idChunks(processInstanceIds)) {
      const rows = await this.ctx.em.query(
        `SELECT DISTINCT topic_name AS topic FROM act_ru_ext_task WHERE proc_inst_id IN (${part.map(() => '?').join(', ')})`,
        part,
      );
      for (const r of rows as Array<{ topic: string }>) topics.add(r.topic);
    }
    if (!topics.size) return;
    this.ctx.uow.sql(() =>
      idChunks(processInstanceIds).map((part) => ({
        sql: `UPDATE act_ru_ext_task SET suspension_state = ?, rev = rev + 1 WHERE proc_inst_id IN (${part.map(() => '?').join(', ')})`,
        params: [suspensionState, ...part],
      })),
    );
    if (suspensionState === 1) this.ctx.afterCommit(() => this.ctx.deps.externalTasksCreated([...topics]));
  }

  /** The instance's external tasks of execution `from` belong to `to` from now on (the tree was expanded or compacted). */
  repoint(processInstanceId: string, from: string, to: string): void {
    for (const t of this.readOf(processInstanceId)?.values() ?? []) if (t.executionId === from) t.executionId = to;
    this.ctx.uow.sql((em) => [
      updateWhereStatement(em, ExternalTaskEntity, { executionId: to }, { executionId: from }),
    ]);
  }
}

/** The external tasks of process instances that go in bulk with nothing of them loaded (a deployment deleted with cascade). */
export function purgeExternalTasksOfInstances(ctx: CommandContext, processInstanceIds: string[]): void {
  if (!processInstanceIds.length) return;
  ctx.uow.sql((em) =>
    idChunks(processInstanceIds).map((part) =>
      deleteWhereStatement(em, ExternalTaskEntity, { processInstanceId: part }),
    ),
  );
}
