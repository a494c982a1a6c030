import { EntityManager } from 'typeorm';
import { deleteWhereStatement, SqlStatement, updateWhereStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';
import { PROCESS_LOG_TABLES, ProcessLogRow } from './history-log-tables';
import { idChunks, ProcessHistoryScope, scopeColumns, scopeIds } from './process-history-tables';
import { hostname } from 'node:os';
import {
  EXTERNAL_TASK_LOG_STATE,
  HistoricExternalTaskLogEntity,
} from '../../persistence/entities/history/historic-external-task-log.entity';
import { HistoricJobLogEntity, JOB_LOG_STATE } from '../../persistence/entities/history/historic-job-log.entity';
import { UserOperationLogEntryEntity } from '../../persistence/entities/history/user-operation-log-entry.entity';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { newId } from '../util/ids';
import { UserOperation } from '../command/user-operation';

type LogRow = ProcessLogRow & { id: string; removalTime: Date | null };
type LogTable = new () => LogRow;

const LOG_TABLES = PROCESS_LOG_TABLES as ReadonlyArray<LogTable>;

const TEXT_LIMIT = 4000;
const CAUSE_DEPTH = 5;
// Camunda names the host and the engine; there is one engine per process here.
export const JOB_LOG_HOST = `${hostname()}$default`;

/**
 * The failure of a job as Camunda's job log shows it: the message and the chain of causes, one line each. The job
 * row itself keeps what the executor caught; the log never takes our own call stack.
 */
export function failureText(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current != null && depth < CAUSE_DEPTH; depth++) {
    const e = current instanceof Error ? current : new Error(String(current));
    lines.push(`${depth ? 'Caused by: ' : ''}${e.name}: ${e.message}`);
    current = (e as { cause?: unknown }).cause;
  }
  return lines.join('\n').slice(0, TEXT_LIMIT);
}

/** What a job's log row knows beyond the job itself. */
export interface JobLogContext {
  rootProcessInstanceId?: string | null;
  deploymentId?: string | null;
  error?: unknown;
}

/**
 * The external task, job and user operation logs (Camunda keeps them at history level full only; the user operation
 * log only for an authenticated user, as restrictUserOperationLogToAuthenticatedUsers): their rows, written with the
 * command's other inserts (one statement per table at flush), their removal (with the historic process instances they
 * were recorded under, with batches, by the history cleanup) and the changes users make to the user operation log.
 */
export class HistoryLogManager {
  constructor(private readonly ctx: CommandContext) {}

  private get uow(): CommandContext['uow'] {
    return this.ctx.uow;
  }

  private get auth(): CommandContext['auth'] {
    return this.ctx.auth;
  }

  private now(): Date {
    return this.ctx.now();
  }

  get enabled(): boolean {
    return this.ctx.deps.historyLevel === 'full';
  }

  externalTask(
    state: keyof typeof EXTERNAL_TASK_LOG_STATE,
    task: ExternalTaskEntity,
    rootProcessInstanceId: string | null,
  ): void {
    if (!this.enabled) return;
    const failed = state === 'failed';
    this.uow.insert(
      HistoricExternalTaskLogEntity,
      Object.assign(new HistoricExternalTaskLogEntity(), {
        id: newId(),
        timestamp: this.now(),
        externalTaskId: task.id,
        retries: task.retries,
        topicName: task.topicName,
        workerId: task.workerId,
        priority: task.priority,
        errorMessage: failed ? task.errorMessage : null,
        errorDetails: failed ? task.errorDetails : null,
        activityId: task.activityId,
        activityInstanceId: task.activityInstanceId,
        executionId: task.executionId,
        rootProcessInstanceId,
        processInstanceId: task.processInstanceId,
        processDefinitionId: task.processDefinitionId,
        processDefinitionKey: task.processDefinitionKey,
        tenantId: task.tenantId,
        state: EXTERNAL_TASK_LOG_STATE[state],
        removalTime: null,
      }),
    );
  }

  job(state: keyof typeof JOB_LOG_STATE, job: JobEntity, context: JobLogContext = {}): void {
    if (!this.enabled) return;
    const failed = state === 'failed';
    this.uow.insert(
      HistoricJobLogEntity,
      Object.assign(new HistoricJobLogEntity(), {
        id: newId(),
        timestamp: this.now(),
        jobId: job.id,
        jobDueDate: job.dueDate,
        jobRetries: job.retries,
        jobPriority: job.priority ?? 0,
        jobExceptionMessage: failed ? job.exceptionMessage : null,
        jobExceptionStacktrace: failed && context.error !== undefined ? failureText(context.error) : null,
        state: JOB_LOG_STATE[state],
        jobDefinitionId: job.jobDefinitionId,
        jobDefinitionType: job.handlerType,
        jobDefinitionConfiguration: jobDefinitionConfiguration(job),
        activityId: job.activityId,
        failedActivityId: failed ? job.failedActivityId : null,
        executionId: job.executionId,
        rootProcessInstanceId: context.rootProcessInstanceId ?? null,
        processInstanceId: job.processInstanceId,
        processDefinitionId: job.processDefinitionId,
        processDefinitionKey: job.processDefinitionKey,
        deploymentId: context.deploymentId ?? null,
        sequenceCounter: null,
        tenantId: job.tenantId,
        hostname: JOB_LOG_HOST,
        removalTime: null,
      }),
    );
  }

  /** Writes one entry per property change under one operation id; null when nothing is logged. */
  userOperation(op: UserOperation): string | null {
    if (!this.enabled || !this.auth?.userId) return null;
    const operationId = newId();
    const timestamp = this.now();
    const changes = op.changes?.length ? op.changes : [{ property: null, orgValue: null, newValue: null }];
    for (const change of changes) {
      this.uow.insert(
        UserOperationLogEntryEntity,
        Object.assign(new UserOperationLogEntryEntity(), {
          id: newId(),
          deploymentId: op.deploymentId ?? null,
          processDefinitionId: op.processDefinitionId ?? null,
          processDefinitionKey: op.processDefinitionKey ?? null,
          rootProcessInstanceId: op.rootProcessInstanceId ?? null,
          processInstanceId: op.processInstanceId ?? null,
          executionId: op.executionId ?? null,
          taskId: op.taskId ?? null,
          jobId: op.jobId ?? null,
          jobDefinitionId: op.jobDefinitionId ?? null,
          batchId: op.batchId ?? null,
          externalTaskId: op.externalTaskId ?? null,
          userId: this.auth.userId,
          timestamp,
          operationId,
          operationType: op.operationType,
          entityType: op.entityType,
          property: change.property,
          orgValue: text(change.orgValue),
          newValue: text(change.newValue),
          tenantId: op.tenantId ?? null,
          category: op.category,
          annotation: op.annotation ?? null,
          removalTime: null,
        }),
      );
    }
    return operationId;
  }

  /** The log rows of these process instances. */
  removeOfInstances(processInstanceIds: string[]): void {
    if (!processInstanceIds.length) return;
    this.ctx.uow.sql((em) =>
      LOG_TABLES.flatMap((table) =>
        idChunks(processInstanceIds).map((part) => deleteWhereStatement(em, table, { processInstanceId: part })),
      ),
    );
  }

  /**
   * The log rows recorded under root process instances: by their root, and by the instances of the roots' hierarchies
   * (rows written without the root at hand, such as a task operation that did not load its instance).
   */
  removeUnderRoots(roots: string[]): void {
    if (!roots.length) return;
    this.ctx.uow.sql((em) =>
      LOG_TABLES.flatMap((table) =>
        idChunks(roots).flatMap((part) => [
          deleteWhereStatement(em, table, { rootProcessInstanceId: part }),
          deleteInHierarchies(em, table, part),
        ]),
      ),
    );
  }

  /** The log rows of the scope take the removal time of the process history they belong to. */
  setRemovalTime(scope: ProcessHistoryScope, removalTime: Date | null): void {
    const ids = scopeIds(scope);
    if (!ids.length) return;
    this.ctx.uow.sql((em) =>
      LOG_TABLES.flatMap((table) =>
        idChunks(ids).map((part) =>
          updateWhereStatement<LogRow>(em, table, { removalTime }, scopeColumns(scope, part)),
        ),
      ),
    );
  }

  /** The job log of these job definitions (the jobs of a historic batch that goes). */
  removeOfJobDefinitions(jobDefinitionIds: string[]): void {
    if (!jobDefinitionIds.length) return;
    this.ctx.uow.sql((em) =>
      idChunks(jobDefinitionIds).map((part) =>
        deleteWhereStatement(em, HistoricJobLogEntity, { jobDefinitionId: part }),
      ),
    );
  }

  /** Rows of one of the log tables, by id (the history cleanup: rows past their removal time). */
  removeRows(table: (typeof PROCESS_LOG_TABLES)[number], ids: string[]): void {
    if (!ids.length) return;
    this.ctx.uow.sql((em) => idChunks(ids).map((part) => deleteWhereStatement(em, table as LogTable, { id: part })));
  }

  /** Sets (or, with null, clears) the annotation of every entry of one user operation. */
  annotateOperation(operationId: string, annotation: string | null): void {
    this.ctx.uow.sql((em) => [updateWhereStatement(em, UserOperationLogEntryEntity, { annotation }, { operationId })]);
  }

  /** One entry of the user operation log. */
  removeOperationLogEntry(id: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, UserOperationLogEntryEntity, { id })]);
  }

  /** The log rows of process definitions that go (a deployment deleted with cascade). */
  removeOfDefinitions(processDefinitionIds: string[]): void {
    if (!processDefinitionIds.length) return;
    this.ctx.uow.sql((em) =>
      LOG_TABLES.flatMap((table) =>
        idChunks(processDefinitionIds).map((part) => deleteWhereStatement(em, table, { processDefinitionId: part })),
      ),
    );
  }
}

/** Rows of a log table whose process instance belongs to the hierarchy of one of these roots. */
function deleteInHierarchies(em: EntityManager, table: LogTable, roots: string[]): SqlStatement {
  const escape = (name: string) => em.connection.driver.escape(name);
  const metadata = em.connection.getMetadata(table);
  const column = escape(metadata.findColumnWithPropertyName('processInstanceId')!.databaseName);
  const list = roots.map(() => '?').join(', ');
  return {
    sql:
      `DELETE FROM ${escape(metadata.tableName)} WHERE ${column} IN ` +
      `(SELECT h.id FROM act_hi_procinst h WHERE h.root_proc_inst_id IN (${list}) OR h.id IN (${list}))`,
    params: [...roots, ...roots],
  };
}

function text(value: unknown): string | null {
  if (value == null) return null;
  // Camunda writes a date as its milliseconds since the epoch.
  return (value instanceof Date ? String(value.getTime()) : String(value)).slice(0, TEXT_LIMIT);
}

/** Camunda's job definition configuration: async-before/after for continuations, nothing for the rest here. */
function jobDefinitionConfiguration(job: JobEntity): string | null {
  if (job.handlerType !== 'async-continuation' || !job.handlerConfiguration) return null;
  try {
    const step = (JSON.parse(job.handlerConfiguration) as { step?: string }).step;
    return step ? `async-${step}` : null;
  } catch {
    return null;
  }
}
