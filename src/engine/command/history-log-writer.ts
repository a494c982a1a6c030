import { hostname } from 'node:os';
import {
  EXTERNAL_TASK_LOG_STATE,
  HistoricExternalTaskLogEntity,
} from '../../persistence/entities/history/historic-external-task-log.entity';
import { HistoricJobLogEntity, JOB_LOG_STATE } from '../../persistence/entities/history/historic-job-log.entity';
import { UserOperationLogEntryEntity } from '../../persistence/entities/history/user-operation-log-entry.entity';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import type { Authentication } from '../authorization/authentication';
import type { UnitOfWork } from './unit-of-work';
import { HistoryLevel } from '../options';
import { newId } from '../util/ids';
import { UserOperation } from './user-operation';

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
 * Writes the logs Camunda keeps at history level full only: the external task log, the job log and the user operation
 * log (the latter only for an authenticated user, as restrictUserOperationLogToAuthenticatedUsers). Rows go in with the
 * command's other inserts, one statement per table at flush.
 */
export class HistoryLogWriter {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly level: HistoryLevel,
    private readonly now: () => Date,
    private readonly auth: Authentication | null,
  ) {}

  get enabled(): boolean {
    return this.level === 'full';
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
          annotation: null,
          removalTime: null,
        }),
      );
    }
    return operationId;
  }
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
