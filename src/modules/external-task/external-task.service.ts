import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { RestError } from '../../common/errors/rest-error';
import { JsonObject } from '../../common/http/json-body';
import { applyFilters } from '../../common/query/apply-query';
import { ParsedQuery, parsePostQuery } from '../../common/query/parse-query';
import { QuerySpec } from '../../common/query/query-spec';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { BatchDto, toBatchDto } from '../../common/dto/batch.dto';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { ExternalTaskDto, LockedExternalTaskDto, toLockedExternalTaskDto } from './external-task.dto';
import { EXTERNAL_TASK_QUERY, externalTaskList, TOPIC_NAMES_QUERY } from './external-task.query';
import {
  CompleteExternalTaskDto,
  ExtendLockOnExternalTaskDto,
  ExternalTaskBpmnErrorDto,
  ExternalTaskFailureDto,
  ExternalTaskPriorityDto,
  ExternalTaskRetriesDto,
  FetchExternalTasksDto,
  fetchAndLockRequest,
  LockExternalTaskDto,
  SetRetriesForExternalTasksDto,
  variablesOf,
} from './external-task-request.dto';
import { RETRIES_HISTORIC_PROCESS_INSTANCE_QUERY, RETRIES_PROCESS_INSTANCE_QUERY } from './retries-selection.query';

@Injectable()
export class ExternalTaskRestService implements BeforeApplicationShutdown {
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
      applyFilters(qb, TOPIC_NAMES_QUERY, q)
        .select('x.topicName', 'topicName')
        .distinct(true)
        .orderBy('x.topicName', 'ASC')
        .getRawMany<{ topicName: string }>(),
    );
    return rows.map((r) => r.topicName);
  }

  async errorDetails(auth: Authentication | null, id: string): Promise<string | null> {
    return this.engine.externalTasks.errorDetails(auth, id);
  }

  // ---- the worker protocol

  async fetchAndLock(auth: Authentication | null, dto: FetchExternalTasksDto): Promise<LockedExternalTaskDto[]> {
    const { request, asyncResponseTimeout } = fetchAndLockRequest(dto);
    return (await this.engine.externalTasks.fetchAndLock(auth, request, asyncResponseTimeout)).map(
      toLockedExternalTaskDto,
    );
  }

  complete(auth: Authentication | null, id: string, dto: CompleteExternalTaskDto): Promise<void> {
    return this.engine.externalTasks.complete(
      auth,
      id,
      dto.workerId ?? null,
      variablesOf(dto.variables, 'variables'),
      variablesOf(dto.localVariables, 'localVariables'),
    );
  }

  handleFailure(auth: Authentication | null, id: string, dto: ExternalTaskFailureDto): Promise<void> {
    return this.engine.externalTasks.handleFailure(auth, id, {
      workerId: dto.workerId ?? null,
      errorMessage: dto.errorMessage ?? null,
      errorDetails: dto.errorDetails ?? null,
      retries: dto.retries ?? 0,
      retryTimeout: dto.retryTimeout ?? 0,
      variables: variablesOf(dto.variables, 'variables'),
      localVariables: variablesOf(dto.localVariables, 'localVariables'),
    });
  }

  handleBpmnError(auth: Authentication | null, id: string, dto: ExternalTaskBpmnErrorDto): Promise<void> {
    return this.engine.externalTasks.handleBpmnError(
      auth,
      id,
      dto.workerId ?? null,
      dto.errorCode ?? null,
      dto.errorMessage ?? null,
      variablesOf(dto.variables, 'variables'),
    );
  }

  lock(auth: Authentication | null, id: string, dto: LockExternalTaskDto): Promise<void> {
    return this.engine.externalTasks.lock(auth, id, dto.workerId ?? null, dto.lockDuration ?? 0);
  }

  extendLock(auth: Authentication | null, id: string, dto: ExtendLockOnExternalTaskDto): Promise<void> {
    return this.engine.externalTasks.extendLock(auth, id, dto.workerId ?? null, dto.newDuration ?? 0);
  }

  unlock(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.externalTasks.unlock(auth, id);
  }

  // ---- retries and priority

  setRetries(auth: Authentication | null, id: string, dto: ExternalTaskRetriesDto): Promise<void> {
    return this.engine.externalTasks.setRetries(auth, id, dto.retries);
  }

  setPriority(auth: Authentication | null, id: string, dto: ExternalTaskPriorityDto): Promise<void> {
    return this.engine.externalTasks.setPriority(auth, id, dto.priority);
  }

  async setRetriesSync(auth: Authentication | null, dto: SetRetriesForExternalTasksDto): Promise<void> {
    const { ids, retries } = await this.retriesSelection(auth, dto);
    await this.engine.externalTasks.setRetriesOf(auth, ids, retries);
  }

  /** Camunda's setRetriesAsync: a batch of type set-external-task-retries, run by the job executor. */
  async setRetriesAsync(auth: Authentication | null, dto: SetRetriesForExternalTasksDto): Promise<BatchDto> {
    const { ids, retries } = await this.retriesSelection(auth, dto);
    return toBatchDto(await this.engine.batches.setExternalTaskRetriesAsync(auth, ids, retries));
  }

  /** The task ids a bulk retries request names: explicit ids, tasks of instances, and query results. */
  private async retriesSelection(
    auth: Authentication | null,
    dto: SetRetriesForExternalTasksDto,
  ): Promise<{ ids: Array<string | null>; retries: number }> {
    const retries = dto.retries;
    const ids: Array<string | null> = [...(dto.externalTaskIds ?? [])];
    const instanceIds = new Set<string>(dto.processInstanceIds ?? []);
    const taskQuery = dto.externalTaskQuery;
    const instanceQuery = dto.processInstanceQuery;
    const historicQuery = dto.historicProcessInstanceQuery;
    await this.engine.tx.read(async (em) => {
      if (taskQuery != null) {
        const q = parsePostQuery(EXTERNAL_TASK_QUERY, taskQuery, {}, false);
        const found = await this.rows.read(auth, (qb) =>
          applyFilters(qb, EXTERNAL_TASK_QUERY, q).select('x.id', 'id').getRawMany<{ id: string }>(),
        );
        for (const t of found) ids.push(t.id);
      }
      if (instanceQuery != null) {
        const qb = em.getRepository(ExecutionEntity).createQueryBuilder('e').where('e.id = e.processInstanceId');
        for (const r of await selectIds(
          qb,
          RETRIES_PROCESS_INSTANCE_QUERY,
          instanceQuery,
          'processInstanceQuery',
          'e.id',
        ))
          instanceIds.add(r);
      }
      if (historicQuery != null) {
        const qb = em.getRepository(HistoricProcessInstanceEntity).createQueryBuilder('h');
        for (const r of await selectIds(
          qb,
          RETRIES_HISTORIC_PROCESS_INSTANCE_QUERY,
          historicQuery,
          'historicProcessInstanceQuery',
          'h.processInstanceId',
        ))
          instanceIds.add(r);
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

async function selectIds<T extends object>(
  qb: SelectQueryBuilder<T>,
  spec: QuerySpec,
  raw: JsonObject,
  name: string,
  idColumn: string,
): Promise<string[]> {
  const unsupported = Object.keys(raw).filter((k) => !Object.hasOwn(spec.params, k) && raw[k] != null);
  if (unsupported.length) throw new RestError(400, `${name} does not support ${unsupported.join(', ')} here`);
  const q = parsePostQuery(spec, raw, {}, false);
  const rows = await applyFilters(qb, spec, q).select(idColumn, 'id').getRawMany<{ id: string }>();
  return rows.map((r) => r.id);
}

function notFound(id: string): RestError {
  return new RestError(404, `External task with id ${id} does not exist`, 'RestException');
}
