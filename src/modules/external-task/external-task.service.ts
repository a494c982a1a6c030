import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { RestError } from '../../common/errors/rest-error';
import { JsonObject, integerOrNull, stringArrayOrNull } from '../../common/http/json-body';
import { applyFilters } from '../../common/query/apply-query';
import { ParsedQuery, parsePostQuery } from '../../common/query/parse-query';
import { QuerySpec } from '../../common/query/query-spec';
import { Authentication } from '../../engine/authorization/authentication';
import { EngineError } from '../../engine/errors';
import { WaitingRoomFullError } from '../../engine/external-task/fetch-and-lock-waiting-room';
import { ProcessEngine } from '../../engine/process-engine';
import { formatDate } from '../../engine/util/camunda-date';
import { newId } from '../../engine/util/ids';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { ExternalTaskDto, LockedExternalTaskDto, toLockedExternalTaskDto } from './external-task.dto';
import { EXTERNAL_TASK_QUERY, externalTaskList, TOPIC_NAMES_QUERY } from './external-task.query';
import { bodyObject, fetchAndLockFromBody, longOrNull, variablesOf } from './external-task-request.dto';
import { RETRIES_HISTORIC_PROCESS_INSTANCE_QUERY, RETRIES_PROCESS_INSTANCE_QUERY } from './retries-selection.query';

/** Engine errors Camunda's resource turns into a RestException with the same message (BadUserRequestException and subclasses). */
const BAD_USER_REQUEST_TYPES = new Set(['BadUserRequestException', 'NotValidException', 'SuspendedEntityInteractionException', 'NotAllowedException']);

@Injectable()
export class ExternalTaskService implements BeforeApplicationShutdown {
  readonly rows: ResourceQuery<ExternalTaskEntity, ExternalTaskDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, externalTaskList(engine));
  }

  /** Waiting long polls get an empty list before the HTTP server closes (it would wait for them). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.engine.externalTasks.close();
  }

  // ---- queries

  async get(auth: Authentication | null, id: string): Promise<ExternalTaskDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(id);
    return found;
  }

  async topicNames(auth: Authentication | null, q: ParsedQuery): Promise<string[]> {
    const rows = await this.rows.read(auth, (qb) =>
      applyFilters(qb, TOPIC_NAMES_QUERY, q).select('x.topicName', 'topicName').distinct(true).orderBy('x.topicName', 'ASC').getRawMany<{ topicName: string }>(),
    );
    return rows.map((r) => r.topicName);
  }

  async errorDetails(auth: Authentication | null, id: string): Promise<string | null> {
    return this.engine.externalTasks.errorDetails(auth, id);
  }

  // ---- the worker protocol

  async fetchAndLock(auth: Authentication | null, body: unknown): Promise<LockedExternalTaskDto[]> {
    const { request, asyncResponseTimeout } = fetchAndLockFromBody(body);
    try {
      return (await this.engine.externalTasks.fetchAndLock(auth, request, asyncResponseTimeout)).map(toLockedExternalTaskDto);
    } catch (err) {
      if (err instanceof WaitingRoomFullError) throw new RestError(503, err.message);
      throw err;
    }
  }

  complete(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    const b = bodyObject(body);
    return restErrors(id, () =>
      this.engine.externalTasks.complete(auth, id, stringField(b, 'workerId'), variablesOf(b, 'variables'), variablesOf(b, 'localVariables')),
    );
  }

  handleFailure(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    const b = bodyObject(body);
    return restErrors(id, () =>
      this.engine.externalTasks.handleFailure(auth, id, {
        workerId: stringField(b, 'workerId'),
        errorMessage: stringField(b, 'errorMessage'),
        errorDetails: stringField(b, 'errorDetails'),
        retries: integerOrNull(b, 'retries') ?? 0,
        retryTimeout: longOrNull(b, 'retryTimeout') ?? 0,
        variables: variablesOf(b, 'variables'),
        localVariables: variablesOf(b, 'localVariables'),
      }),
    );
  }

  handleBpmnError(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    const b = bodyObject(body);
    return restErrors(id, () =>
      this.engine.externalTasks.handleBpmnError(auth, id, stringField(b, 'workerId'), stringField(b, 'errorCode'), stringField(b, 'errorMessage'), variablesOf(b, 'variables')),
    );
  }

  lock(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    const b = bodyObject(body);
    return restErrors(id, () => this.engine.externalTasks.lock(auth, id, stringField(b, 'workerId'), longOrNull(b, 'lockDuration') ?? 0));
  }

  extendLock(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    const b = bodyObject(body);
    return restErrors(id, () => this.engine.externalTasks.extendLock(auth, id, stringField(b, 'workerId'), longOrNull(b, 'newDuration') ?? 0));
  }

  unlock(auth: Authentication | null, id: string): Promise<void> {
    return restErrors(id, () => this.engine.externalTasks.unlock(auth, id), false);
  }

  // ---- retries and priority

  setRetries(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    const retries = integerOrNull(bodyObject(body), 'retries');
    if (retries == null) throw new RestError(400, 'The number of retries cannot be null.');
    return restErrors(id, () => this.engine.externalTasks.setRetries(auth, id, retries), false);
  }

  setPriority(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    const priority = longOrNull(bodyObject(body), 'priority');
    if (priority == null) throw new RestError(400, 'The priority cannot be null.');
    return restErrors(id, () => this.engine.externalTasks.setPriority(auth, id, priority), false);
  }

  async setRetriesSync(auth: Authentication | null, body: unknown): Promise<void> {
    const { ids, retries } = await this.retriesSelection(auth, body);
    await bulkErrors(() => this.engine.externalTasks.setRetriesOf(auth, ids, retries));
  }

  /**
   * Camunda runs this as a batch. Until batches exist here the change is made at once and the
   * answer is a batch that is already complete (every job created and executed).
   */
  async setRetriesAsync(auth: Authentication | null, body: unknown): Promise<Record<string, unknown>> {
    const { ids, retries } = await this.retriesSelection(auth, body);
    await bulkErrors(() => this.engine.externalTasks.setRetriesOf(auth, ids, retries));
    const now = formatDate(new Date());
    return {
      id: newId(), type: 'set-external-task-retries', totalJobs: ids.length, jobsCreated: ids.length, batchJobsPerSeed: 100,
      invocationsPerBatchJob: 1, seedJobDefinitionId: null, monitorJobDefinitionId: null, batchJobDefinitionId: null, suspended: false,
      tenantId: null, createUserId: auth?.userId ?? null, startTime: now, executionStartTime: now,
    };
  }

  /** The task ids a bulk retries request names: explicit ids, tasks of instances, and query results. */
  private async retriesSelection(auth: Authentication | null, body: unknown): Promise<{ ids: Array<string | null>; retries: number }> {
    const b = bodyObject(body);
    const retries = integerOrNull(b, 'retries');
    if (retries == null) throw new RestError(400, 'The number of retries cannot be null.');
    const ids: Array<string | null> = [...(rawIds(b, 'externalTaskIds') ?? [])];
    const instanceIds = new Set<string>(stringArrayOrNull(b, 'processInstanceIds') ?? []);
    const taskQuery = b?.externalTaskQuery;
    const instanceQuery = b?.processInstanceQuery;
    const historicQuery = b?.historicProcessInstanceQuery;
    await this.engine.tx.read(async (em) => {
      if (taskQuery != null) {
        const q = parsePostQuery(EXTERNAL_TASK_QUERY, taskQuery, {}, false);
        const found = await this.rows.read(auth, (qb) => applyFilters(qb, EXTERNAL_TASK_QUERY, q).select('x.id', 'id').getRawMany<{ id: string }>());
        for (const t of found) ids.push(t.id);
      }
      if (instanceQuery != null) {
        const qb = em.getRepository(ExecutionEntity).createQueryBuilder('e').where('e.id = e.processInstanceId');
        for (const r of await selectIds(qb, RETRIES_PROCESS_INSTANCE_QUERY, instanceQuery, 'processInstanceQuery', 'e.id')) instanceIds.add(r);
      }
      if (historicQuery != null) {
        const qb = em.getRepository(HistoricProcessInstanceEntity).createQueryBuilder('h');
        for (const r of await selectIds(qb, RETRIES_HISTORIC_PROCESS_INSTANCE_QUERY, historicQuery, 'historicProcessInstanceQuery', 'h.processInstanceId')) instanceIds.add(r);
      }
      if (instanceIds.size) {
        const rows = await em
          .getRepository(ExternalTaskEntity)
          .createQueryBuilder('x')
          .select('x.id', 'id')
          .where('x.processInstanceId IN (:...pis)', { pis: [...instanceIds] })
          .getRawMany<{ id: string }>();
        for (const r of rows) ids.push(r.id);
      }
    });
    return { ids, retries };
  }
}

async function selectIds<T extends object>(qb: SelectQueryBuilder<T>, spec: QuerySpec, raw: unknown, name: string, idColumn: string): Promise<string[]> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RestError(400, `${name} must be an object`);
  const unsupported = Object.keys(raw).filter((k) => !(k in spec.params) && (raw as JsonObject)[k] != null);
  if (unsupported.length) throw new RestError(400, `${name} does not support ${unsupported.join(', ')} here`);
  const q = parsePostQuery(spec, raw, {}, false);
  const rows = await applyFilters(qb, spec, q).select(idColumn, 'id').getRawMany<{ id: string }>();
  return rows.map((r) => r.id);
}

function rawIds(b: JsonObject | null, name: string): Array<string | null> | null {
  const value = b?.[name];
  if (value == null) return null;
  if (!Array.isArray(value) || !value.every((v) => v === null || typeof v === 'string')) {
    throw new RestError(400, `Cannot deserialize property '${name}' with value ${JSON.stringify(value)}: expected an array of strings`);
  }
  return value as Array<string | null>;
}

function stringField(b: JsonObject | null, name: string): string | null {
  const value = b?.[name];
  if (value == null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new RestError(400, `Cannot deserialize property '${name}' with value ${JSON.stringify(value)}: expected a string`);
}

function notFound(id: string): RestError {
  return new RestError(404, `External task with id ${id} does not exist`, 'RestException');
}

/**
 * Camunda's ExternalTaskResourceImpl: an unknown task is a 404 RestException; for the worker
 * operations a BadUserRequestException (wrong worker, suspended, bad duration) becomes a 400
 * RestException with the same message. Everything else keeps its own mapping.
 */
async function restErrors(id: string, work: () => Promise<void>, badUserRequestAsRest = true): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'NotFound') throw notFound(id);
    if (badUserRequestAsRest && err instanceof EngineError && BAD_USER_REQUEST_TYPES.has(err.type)) throw new RestError(400, err.message, 'RestException');
    throw err;
  }
}

/** ExternalTaskRestServiceImpl.setRetries: NotFound is 404, BadUserRequest 400, both InvalidRequestException. */
async function bulkErrors(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (err instanceof EngineError && err.kind === 'NotFound') throw new RestError(404, err.message);
    if (err instanceof EngineError && BAD_USER_REQUEST_TYPES.has(err.type)) throw new RestError(400, err.message);
    throw err;
  }
}
