import { EntityManager } from 'typeorm';
import { isSqlite } from '../../persistence/dialect';
import { JOB_LOG_STATE } from '../../persistence/entities/history/historic-job-log.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { deleteWhereStatement, SqlStatement, sqlParam, updateWhereStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';
import { JOB_LOG_HOST, JobLogContext } from '../history/history-log.manager';
import { INCIDENT_TYPE, IncidentManager } from '../incident/incident.manager';
import { newId } from '../util/ids';
import { HistoryLogManager } from '../history/history-log.manager';
import { idChunks } from '../history/process-history-tables';
import { jobDefinitionId, JobDefinitionManager, jobDefinitionPart } from './job-definition.manager';

/**
 * What the deletion logs of jobs deleted in bulk take from their process instance. Callers pass null where there is
 * no log to write: below history level full, or for a process that never has jobs (no statement for nothing).
 */
export interface JobDeletionLog {
  rootProcessInstanceId: string;
  deploymentId: string | null;
}

export type JobFields = Partial<JobEntity> & Pick<JobEntity, 'type' | 'handlerType'>;

const CHUNK = 400;

/**
 * The one place that writes jobs (Camunda's JobManager) and their job log: timers and asynchronous continuations of
 * executions, start timers of deployed definitions, the job executor's locks. Jobs that go with their wait, their
 * execution or their instance are deleted by statements, never loaded: their deletion logs are copied from the rows
 * by the statement just before (INSERT ... SELECT). Rows of executions that end in this command go in one bulk
 * statement at flush, and a wait that ends on such an execution writes nothing of its own.
 */
export class JobManager {
  private readonly removedExecutions = new Set<string>();
  private pendingRemoval: Array<{ executionId: string; log: JobDeletionLog | null }> = [];

  constructor(private readonly ctx: CommandContext) {
    ctx.beforeFlush(() => this.deleteOfRemovedExecutions());
  }

  /**
   * A new job (with Camunda's defaults: three retries, exclusive, active), and its creation log. A job of a process
   * definition's activity belongs to the job definition its deployment made for it.
   */
  create(fields: JobFields, log: JobLogContext = {}): JobEntity {
    const job = Object.assign(new JobEntity(), {
      id: newId(),
      rev: 1,
      lockExpirationTime: null,
      lockOwner: null,
      exclusive: true,
      executionId: null,
      processInstanceId: null,
      processDefinitionId: null,
      processDefinitionKey: null,
      retries: 3,
      exceptionMessage: null,
      exceptionStacktrace: null,
      dueDate: null,
      repeat: null,
      handlerConfiguration: null,
      suspensionState: 1,
      jobDefinitionId: null,
      priority: 0,
      activityId: null,
      failedActivityId: null,
      tenantId: null,
      createTime: this.ctx.now(),
      ...fields,
    });
    if (fields.jobDefinitionId === undefined && job.processDefinitionId && job.activityId && job.handlerType) {
      const part = jobDefinitionPart(job.handlerType, job.handlerConfiguration);
      job.jobDefinitionId = jobDefinitionId(job.processDefinitionId, job.activityId, job.handlerType, part);
    }
    this.ctx.manager(JobDefinitionManager).jobCreated(job);
    this.ctx.uow.insert(JobEntity, job);
    this.ctx.manager(HistoryLogManager).job('created', job, log);
    return job;
  }

  /** A loaded job whose columns the command changes (retries, failure, locks): written at flush, revision-checked. */
  track(job: JobEntity): JobEntity {
    return this.ctx.uow.track(JobEntity, job);
  }

  /**
   * A job about to run deletes itself at once, revision-checked, before its work (which may drop the rows of its
   * wait, this one included): false when another transaction changed or deleted it first.
   */
  deleteBeforeRun(job: JobEntity): Promise<boolean> {
    return this.ctx.uow.deleteNow(JobEntity, job);
  }

  /** The jobs of one execution for some activities (a wait that is over). */
  deleteOfActivities(executionId: string, activityIds: string[], log: JobDeletionLog | null): void {
    const logDeleted = this.deletionLogger(log);
    this.ctx.uow.sql((em) => {
      // An execution that ended in this command loses all its rows by execution id later in the same flush.
      if (this.removedExecutions.has(executionId)) return [];
      return [
        ...(logDeleted
          ? [
              logDeleted(em, `j.execution_id = ? AND j.activity_id IN (${placeholders(activityIds)})`, [
                executionId,
                ...activityIds,
              ]),
            ]
          : []),
        deleteWhereStatement(em, JobEntity, { executionId, activityId: activityIds }),
      ];
    });
  }

  /** The jobs of executions whose activities are cancelled. */
  deleteOfExecutions(executionIds: string[], log: JobDeletionLog | null): void {
    if (!executionIds.length) return;
    const logDeleted = this.deletionLogger(log);
    this.ctx.uow.sql((em) => [
      ...(logDeleted ? chunks(executionIds).map((part) => logDeleted(em, byExecution(part), part)) : []),
      ...chunks(executionIds).map((part) => deleteWhereStatement(em, JobEntity, { executionId: part })),
    ]);
  }

  /** An execution that ends in this command: its jobs go with the others' in one statement at flush. */
  executionRemoved(executionId: string, log: JobDeletionLog | null): void {
    this.removedExecutions.add(executionId);
    this.pendingRemoval.push({ executionId, log });
  }

  deleteOfInstance(processInstanceId: string, log: JobDeletionLog | null): void {
    const logDeleted = this.deletionLogger(log);
    this.ctx.uow.sql((em) => [
      ...(logDeleted ? [logDeleted(em, 'j.proc_inst_id = ?', [processInstanceId])] : []),
      deleteWhereStatement(em, JobEntity, { processInstanceId }),
    ]);
  }

  /** Start timers of definitions that are no longer the latest (or gone): logged as deleted, their incidents too. */
  deleteStartTimers(jobs: JobEntity[]): void {
    if (!jobs.length) return;
    for (const job of jobs) this.ctx.manager(HistoryLogManager).job('deleted', job);
    const ids = jobs.map((j) => j.id);
    this.ctx.manager(IncidentManager).endFor(INCIDENT_TYPE.failedJob, ids, 'deleted');
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, JobEntity, { id: ids })]);
  }

  /** Jobs of execution `from` (only for some activities, if given) belong to `to` from now on. */
  repoint(from: string, to: string, activityIds?: string[]): void {
    this.ctx.uow.sql((em) => [
      updateWhereStatement(
        em,
        JobEntity,
        { executionId: to },
        activityIds ? { executionId: from, activityId: activityIds } : { executionId: from },
      ),
    ]);
  }

  /** The job executor claims jobs it has selected (and locked, on MySQL/MariaDB) in this transaction. */
  lock(ids: string[], owner: string, lockUntil: Date): void {
    if (!ids.length) return;
    this.ctx.uow.sql((em) => [
      {
        sql: `UPDATE act_ru_job SET lock_owner = ?, lock_exp_time = ?, rev = rev + 1 WHERE id IN (${placeholders(ids)})`,
        params: [owner, sqlParam(em, lockUntil), ...ids],
      },
    ]);
  }

  /** The locks of a stopping executor go, so that others need not wait for them to expire. */
  releaseLocks(owner: string): void {
    this.ctx.uow.sql(() => [
      {
        sql: 'UPDATE act_ru_job SET lock_owner = NULL, lock_exp_time = NULL, rev = rev + 1 WHERE lock_owner = ?',
        params: [owner],
      },
    ]);
  }

  private deleteOfRemovedExecutions(): void {
    const removed = this.pendingRemoval;
    if (!removed.length) return;
    this.pendingRemoval = [];
    // One deletion log statement per root and deployment (what the logs take from the instance), then the rows.
    const logged = new Map<string, { logDeleted: DeletedJobLogger; executionIds: string[] }>();
    for (const { executionId, log } of removed) {
      if (!log) continue;
      const key = `${log.rootProcessInstanceId}\u0000${log.deploymentId ?? ''}`;
      let group = logged.get(key);
      if (!group) logged.set(key, (group = { logDeleted: this.deletionLogger(log)!, executionIds: [] }));
      group.executionIds.push(executionId);
    }
    const ids = removed.map((r) => r.executionId);
    this.ctx.uow.sql((em) => {
      const out: SqlStatement[] = [];
      for (const { logDeleted, executionIds } of logged.values())
        for (const part of chunks(executionIds)) out.push(logDeleted(em, byExecution(part), part));
      for (const part of chunks(ids)) out.push(deleteWhereStatement(em, JobEntity, { executionId: part }));
      return out;
    });
  }

  /**
   * The statement that writes deletion logs for the jobs a condition selects, right before a bulk statement deletes
   * them: copied from the rows in one INSERT ... SELECT (no read first). Null when there is no log to write.
   */
  private deletionLogger(log: JobDeletionLog | null): DeletedJobLogger | null {
    if (!log || !this.ctx.manager(HistoryLogManager).enabled) return null;
    const now = this.ctx.now();
    return (em, where, params) => {
      const sqlite = isSqlite(em);
      // TypeORM keeps SQLite datetimes as UTC text; a raw parameter must match.
      const timestamp = sqlite ? now.toISOString().replace('T', ' ').replace('Z', '') : now;
      const id = sqlite ? 'lower(hex(randomblob(16)))' : 'UUID()';
      return {
        sql: `INSERT INTO act_hi_job_log (id, timestamp, job_id, job_duedate, job_retries, job_priority, job_state, job_def_id, job_def_type,
         act_id, execution_id, root_proc_inst_id, process_instance_id, process_def_id, process_def_key, deployment_id, tenant_id, hostname)
       SELECT ${id}, ?, j.id, j.duedate, j.retries, j.priority, ${JOB_LOG_STATE.deleted}, j.job_def_id, j.handler_type,
         j.activity_id, j.execution_id, ?, j.proc_inst_id, j.proc_def_id, j.proc_def_key, ?, j.tenant_id, ?
       FROM act_ru_job j WHERE ${where}`,
        params: [timestamp, log.rootProcessInstanceId, log.deploymentId, JOB_LOG_HOST, ...params],
      };
    };
  }

  /**
   * New retries for a loaded job, with Camunda's incident handling (none left opens a failedJob incident, some again
   * resolve it) and, when given, a new due date; a job with retries again is free for any executor.
   */
  setRetries(job: JobEntity, retries: number, dueDate: Date | null): void {
    this.track(job);
    this.ctx.manager(IncidentManager).setJobRetries(job, retries);
    if (dueDate) job.dueDate = dueDate;
    if (retries > 0) {
      job.lockOwner = null;
      job.lockExpirationTime = null;
    }
  }

  /** A job deleted on its own (managementService.deleteJob): its deletion log, its failedJob incident, the row. */
  deleteOne(job: JobEntity, log: JobLogContext): void {
    this.ctx.manager(HistoryLogManager).job('deleted', job, log);
    this.ctx.manager(IncidentManager).endFor(INCIDENT_TYPE.failedJob, [job.id], 'deleted');
    this.delete(job);
  }

  /** A loaded job that goes (revision-checked at flush). */
  delete(job: JobEntity): void {
    this.ctx.uow.delete(JobEntity, this.track(job));
  }

  /** Every job of these job definitions (a batch's seed, monitor and batch jobs when the batch goes). */
  deleteOfJobDefinitions(jobDefinitionIds: string[]): void {
    if (!jobDefinitionIds.length) return;
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, JobEntity, { jobDefinitionId: jobDefinitionIds })]);
  }

  /** Suspends (2) or activates (1) every job of these job definitions; each changed row gets a new revision. */
  setSuspensionOfJobDefinitions(jobDefinitionIds: string[], suspensionState: number): void {
    if (!jobDefinitionIds.length) return;
    this.ctx.uow.sql(() => [
      {
        sql: `UPDATE act_ru_job SET suspension_state = ?, rev = rev + 1 WHERE job_def_id IN (${placeholders(jobDefinitionIds)})`,
        params: [suspensionState, ...jobDefinitionIds],
      },
    ]);
  }

  /** Suspends (2) or activates (1) every job of these process instances; each changed row gets a new revision. */
  setSuspensionOfInstances(processInstanceIds: string[], suspensionState: number): void {
    if (!processInstanceIds.length) return;
    this.ctx.uow.sql(() =>
      idChunks(processInstanceIds).map((part) => ({
        sql: `UPDATE act_ru_job SET suspension_state = ?, rev = rev + 1 WHERE proc_inst_id IN (${placeholders(part)})`,
        params: [suspensionState, ...part],
      })),
    );
  }

  /**
   * Suspends (2) or activates (1) the jobs a selector picks (by job, job definition, process instance or process
   * definition; several fields narrow it down); each changed row gets a new revision.
   */
  setSuspension(selector: JobSelector, suspensionState: number): void {
    const where = selectorWhere(selector);
    this.ctx.uow.sql(() => [
      {
        sql: `UPDATE act_ru_job SET suspension_state = ?, rev = rev + 1 WHERE ${where.sql} AND suspension_state <> ?`,
        params: [suspensionState, ...where.params, suspensionState],
      },
    ]);
  }

  /** The priority of every job of a job definition (an overriding priority given with `includeJobs`). */
  setPriorityOfJobDefinition(jobDefinitionId: string, priority: number): void {
    this.ctx.uow.sql(() => [
      {
        sql: 'UPDATE act_ru_job SET priority = ?, rev = rev + 1 WHERE job_def_id = ?',
        params: [priority, jobDefinitionId],
      },
    ]);
  }

  /** The rows of process instances that go in bulk with nothing of them loaded (a deployment deleted with cascade). */
  purgeOfInstances(processInstanceIds: string[]): void {
    if (!processInstanceIds.length) return;
    this.ctx.uow.sql((em) =>
      idChunks(processInstanceIds).map((part) => deleteWhereStatement(em, JobEntity, { processInstanceId: part })),
    );
  }
}

/** Which jobs a bulk change applies to: every given field must match (`tenantId: null`, jobs without a tenant). */
export interface JobSelector {
  id?: string;
  jobDefinitionId?: string;
  processInstanceId?: string;
  processDefinitionId?: string;
  processDefinitionKey?: string;
  handlerType?: string;
  tenantId?: string | null;
}

const SELECTOR_COLUMNS: Record<keyof JobSelector, string> = {
  id: 'id',
  jobDefinitionId: 'job_def_id',
  processInstanceId: 'proc_inst_id',
  processDefinitionId: 'proc_def_id',
  processDefinitionKey: 'proc_def_key',
  handlerType: 'handler_type',
  tenantId: 'tenant_id',
};

function selectorWhere(selector: JobSelector): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [key, column] of Object.entries(SELECTOR_COLUMNS) as [keyof JobSelector, string][]) {
    const value = selector[key];
    if (value === undefined) continue;
    if (value === null) parts.push(`${column} IS NULL`);
    else {
      parts.push(`${column} = ?`);
      params.push(value);
    }
  }
  if (!parts.length) throw new Error('A job selector needs at least one field');
  return { sql: parts.join(' AND '), params };
}

type DeletedJobLogger = (em: EntityManager, where: string, params: unknown[]) => SqlStatement;

function placeholders(values: unknown[]): string {
  return values.map(() => '?').join(', ');
}

function byExecution(executionIds: string[]): string {
  return `j.execution_id IN (${placeholders(executionIds)})`;
}

function chunks(ids: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(ids.slice(i, i + CHUNK));
  return out;
}
