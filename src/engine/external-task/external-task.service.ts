import { EntityManager } from 'typeorm';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { hydrate, selectRows } from '../../persistence/raw-rows';
import { Authentication } from '../command/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { CommandContext } from '../command/command-context';
import type { RuntimeContext } from '../bpmn/runtime/runtime-context';
import { TenantChecker } from '../command/permission-checker';
import { CommandExecutor } from '../command/command-executor';
import { Transactions } from '../command/transactions';
import { BadUserRequestError, NotFoundError, NullValueError, SuspendedEntityInteractionError } from '../errors';
import { ExternalTaskManager } from '../entities/external-task.manager';
import type { RepositoryService } from '../repository/repository.service';
import type { EngineMetrics } from '../metrics';
import { VariableMap } from '../variables/typed-value';
import { CompleteExternalTaskCmd } from './commands/complete-external-task.cmd';
import { HandleExternalTaskBpmnErrorCmd } from './commands/handle-external-task-bpmn-error.cmd';
import { FailureReport, ReportFailureCmd } from './commands/report-failure.cmd';
import { checkExternalTaskAccess, loadTaskRestriction, TaskPermission } from './external-task-authorization';
import { ExternalTaskNotifier } from './external-task-notifier';
import { DefinitionInfo, FetchRequest, FetchTopic, LockedExternalTask } from './external-task-types';
import { FetchAndLockWaitingRoom, WaitingRoomOptions } from './fetch-and-lock-waiting-room';
import { availableSql, fetchCandidatesSql, SqlParams } from './fetch-query';
import { loadFetchVariables } from './fetch-variables';
import { FetchRequestInput, validateFetchRequest } from './fetch-request-validation';
import { checkWorker, wrongWorker } from './worker-check';
import { forUpdate as rowLock } from '../../persistence/dialect';
import { OPERATION_CATEGORY, PropertyChange } from '../command/user-operation';
import { HistoryLogManager } from '../history/history-log.manager';

export interface ExternalTaskServiceDeps {
  commands: CommandExecutor<RuntimeContext>;
  checker: AuthorizationChecker;
  /** Fetches reach only the caller's tenants; absent: every tenant. */
  tenantCheck?: TenantChecker;
  repository: RepositoryService;
  notifier: ExternalTaskNotifier;
  longPolling: WaitingRoomOptions;
  clock: () => Date;
  metrics: EngineMetrics;
}

/**
 * The worker protocol of external tasks: fetch and lock (with long polling), lock, extend, unlock,
 * complete, fail, BPMN error, retries and priority. Completion and BPMN errors continue the process
 * through the runtime; everything else changes the task row (and its incident) in one transaction.
 */
export class ExternalTaskService {
  private readonly tx: Transactions;
  private readonly checker: AuthorizationChecker;
  private readonly clock: () => Date;
  readonly waitingRoom: FetchAndLockWaitingRoom;

  constructor(private readonly deps: ExternalTaskServiceDeps) {
    this.tx = deps.commands.tx;
    this.checker = deps.checker;
    this.clock = deps.clock;
    this.waitingRoom = new FetchAndLockWaitingRoom(
      deps.notifier,
      (topics) => this.topicsWithFetchableTasks(topics),
      deps.longPolling,
    );
  }

  // ---- fetch and lock

  /**
   * Locks up to `maxTasks` tasks for the worker. With `asyncResponseTimeout` (ms) a request that
   * finds nothing waits until tasks appear or the time is up (then it gets an empty list).
   */
  async fetchAndLock(
    auth: Authentication | null,
    input: FetchRequestInput,
    asyncResponseTimeout: number | null = null,
  ): Promise<LockedExternalTask[]> {
    const request = validateFetchRequest(input);
    const sequence = this.deps.notifier.sequence;
    const first = await this.attempt(auth, request);
    if (
      first.length ||
      asyncResponseTimeout == null ||
      asyncResponseTimeout <= 0 ||
      !request.topics.length ||
      request.maxTasks === 0
    )
      return first;
    return this.waitingRoom.wait({
      topics: request.topics.map((t) => t.topicName),
      filtered: !this.checker.bypasses(auth) || request.topics.some(hasFilters),
      timeoutMs: asyncResponseTimeout,
      sequence,
      attempt: () => this.attempt(auth, request),
    });
  }

  /** Answers waiting long polls with empty lists; called when the server shuts down. */
  close(): Promise<void> {
    return this.waitingRoom.close();
  }

  private async attempt(auth: Authentication | null, request: FetchRequest): Promise<LockedExternalTask[]> {
    if (!request.topics.length || request.maxTasks === 0) return [];
    return this.run(auth, async (ctx) => {
      const em = ctx.em;
      const now = this.clock();
      const restriction = await loadTaskRestriction(em, this.checker, auth, ['read', 'update']);
      const tenants = this.deps.tenantCheck?.authenticatedTenants(auth) ?? null;
      const { sql, params } = fetchCandidatesSql(em, request, now, restriction, tenants);
      const candidates = hydrate(em, ExternalTaskEntity, await em.query(sql, params));
      const chosen = inRequestedOrder(candidates, request).slice(0, request.maxTasks);
      if (!chosen.length) return [];
      const topics = new Map(request.topics.map((t) => [t.topicName, t]));
      const locks = ctx
        .manager(ExternalTaskManager)
        .lockForFetch(chosen, request.workerId, (task) => topics.get(task.topicName)!.lockDuration, now);
      ctx.afterCommit(() => this.deps.metrics.externalTasksFetched(chosen.length));
      const wanted = chosen.map((task) => ({ task, topic: topics.get(task.topicName)! }));
      const variables = await loadFetchVariables(em, wanted, locks);
      const result: LockedExternalTask[] = [];
      for (const { task, topic } of wanted) {
        const definition = task.processDefinitionId ? await this.definition(em, task.processDefinitionId) : null;
        result.push({
          task,
          processDefinitionVersionTag: definition?.versionTag ?? null,
          variables: variables.get(task.id) ?? {},
          deserializeValues: topic.deserializeValues,
          extensionProperties: topic.includeExtensionProperties
            ? await this.extensionProperties(definition, task.activityId)
            : {},
        });
      }
      return result;
    });
  }

  private async topicsWithFetchableTasks(topics: string[]): Promise<Set<string>> {
    if (!topics.length) return new Set();
    return this.tx.read(async (em) => {
      const p = new SqlParams(em);
      const where = `t.topic_name IN (${p.list(topics)}) AND ${availableSql('t', this.clock(), p.add)}`;
      const rows: Array<{ topic_name: string }> = await em.query(
        `SELECT DISTINCT t.topic_name FROM act_ru_ext_task t WHERE ${where}`,
        p.values,
      );
      return new Set(rows.map((r) => r.topic_name));
    });
  }

  // ---- a worker's results

  async complete(
    auth: Authentication | null,
    id: string,
    workerId: string | null,
    variables: VariableMap | null,
    localVariables: VariableMap | null,
  ): Promise<void> {
    if (workerId == null) throw new NullValueError('workerId is null');
    await this.deps.commands.execute(
      auth,
      new CompleteExternalTaskCmd(id, variables, localVariables, {
        check: (task) => checkWorker(task, workerId, `External Task ${id} cannot be completed`),
      }),
    );
  }

  async handleBpmnError(
    auth: Authentication | null,
    id: string,
    workerId: string | null,
    errorCode: string | null,
    errorMessage: string | null,
    variables: VariableMap | null,
  ): Promise<void> {
    if (workerId == null) throw new NullValueError('workerId is null');
    await this.deps.commands.execute(
      auth,
      new HandleExternalTaskBpmnErrorCmd(id, errorCode, errorMessage, variables, {
        check: (task) => checkWorker(task, workerId, `Bpmn error of External Task ${id} cannot be reported`),
      }),
    );
  }

  async handleFailure(
    auth: Authentication | null,
    id: string,
    report: Omit<FailureReport, 'workerId'> & { workerId: string | null },
  ): Promise<void> {
    if (report.workerId == null) throw new NullValueError('workerId is null');
    if (report.retries < 0)
      throw new BadUserRequestError('retries is not greater than or equal to 0', 'ProcessEngineException');
    if (report.retryTimeout < 0)
      throw new BadUserRequestError('retryDuration is not greater than or equal to 0', 'ProcessEngineException');
    const outcome = await this.deps.commands.execute(
      auth,
      new ReportFailureCmd(id, { ...report, workerId: report.workerId }),
    );
    if (outcome.fetchableNow) this.deps.notifier.notify([outcome.topicName]);
  }

  // ---- locks

  async lock(auth: Authentication | null, id: string, workerId: string | null, lockDuration: number): Promise<void> {
    if (workerId == null) throw new NullValueError('workerId is null');
    if (!(lockDuration > 0)) throw new BadUserRequestError('lockDuration is not greater than 0');
    await this.changeTask(auth, id, 'update', (tasks, task, now) => {
      const expired = task.lockExpirationTime == null || task.lockExpirationTime.getTime() < now.getTime();
      if (task.workerId != null && task.workerId !== workerId && !expired)
        throw wrongWorker(`External Task ${id} cannot be locked`, workerId, task.workerId);
      tasks.lock(task, workerId, new Date(now.getTime() + lockDuration));
    });
  }

  async extendLock(
    auth: Authentication | null,
    id: string,
    workerId: string | null,
    newDuration: number,
  ): Promise<void> {
    if (workerId == null) throw new NullValueError('workerId is null');
    if (!(newDuration > 0)) throw new BadUserRequestError('lockTime is not greater than 0');
    await this.changeTask(auth, id, 'update', (tasks, task, now) => {
      // Camunda's message ends the worker id with two apostrophes here; clients may match on it.
      if (task.workerId !== workerId) {
        throw new BadUserRequestError(
          `The lock of the External Task ${id} cannot be extended by worker '${workerId}''. It is locked by worker '${task.workerId}'.`,
        );
      }
      const expiration = task.lockExpirationTime?.getTime() ?? 0;
      if (expiration < now.getTime()) {
        throw new BadUserRequestError(
          `Cannot extend a lock that expired: lockExpirationTime is not greater than or equal to ${now.getTime()}`,
        );
      }
      if (task.suspensionState === 2)
        throw new SuspendedEntityInteractionError(`ENGINE-03043 ExternalTask with id '${id}' is suspended.`);
      tasks.extendLock(task, new Date(now.getTime() + newDuration));
    });
  }

  async unlock(auth: Authentication | null, id: string): Promise<void> {
    const task = await this.changeTask(auth, id, 'update', (tasks, task) => tasks.unlock(task));
    this.deps.notifier.notify([task.topicName]);
  }

  // ---- retries and priority

  async setRetries(auth: Authentication | null, id: string, retries: number): Promise<void> {
    await this.setRetriesOf(auth, [id], retries, true);
  }

  /**
   * Sets the retries of several tasks in one transaction (the synchronous bulk operation). The user operation log
   * names the task of a single change, and only the count of a bulk one (as Camunda's two commands).
   */
  async setRetriesOf(
    auth: Authentication | null,
    ids: Array<string | null>,
    retries: number,
    single = false,
  ): Promise<void> {
    if (retries < 0)
      throw new BadUserRequestError(
        'The number of retries cannot be negative: retries is not greater than or equal to 0',
      );
    if (!ids.length) throw new BadUserRequestError('externalTaskIds is empty');
    if (ids.some((id) => id == null))
      throw new BadUserRequestError('External task id cannot be null: externalTaskIds contains null value');
    const unique = [...new Set(ids as string[])];
    const fetchable = new Set<string>();
    await this.run(auth, async (ctx) => {
      const tasks = new Map((await this.load(ctx.em, unique)).map((t) => [t.id, t]));
      for (const id of unique) {
        const task = tasks.get(id);
        if (!task) throw new NotFoundError(`Cannot find external task with id ${id}: externalTask is null`);
        await checkExternalTaskAccess(ctx.em, this.checker, auth, task, 'update');
        const before = task.retries;
        if (ctx.manager(ExternalTaskManager).setRetries(task, retries)) fetchable.add(task.topicName);
        if (single) logRetries(ctx, task, [{ property: 'retries', orgValue: before, newValue: retries }]);
      }
      if (!single) {
        const changes = [
          { property: 'nrOfInstances', newValue: unique.length },
          { property: 'async', newValue: false },
          { property: 'retries', newValue: retries },
        ];
        ctx.manager(HistoryLogManager).userOperation({
          operationType: 'SetExternalTaskRetries',
          entityType: 'ExternalTask',
          category: OPERATION_CATEGORY.operator,
          changes,
        });
      }
    });
    if (fetchable.size) this.deps.notifier.notify([...fetchable]);
  }

  async setPriority(auth: Authentication | null, id: string, priority: number): Promise<void> {
    await this.changeTask(auth, id, 'update', (tasks, task) => tasks.setPriority(task, priority));
  }

  async errorDetails(auth: Authentication | null, id: string): Promise<string | null> {
    return this.tx.read(async (em) => {
      const [task] = await this.load(em, [id], false);
      if (!task) throw new NullValueError(`No external task found with id ${id}: externalTask is null`);
      await checkExternalTaskAccess(em, this.checker, auth, task, 'read');
      return task.errorDetails;
    });
  }

  /** Definition facts for rendering tasks (version tag); cached, definitions never change. */
  async definitionInfos(ids: Array<string | null>): Promise<Map<string, DefinitionInfo>> {
    const out = new Map<string, DefinitionInfo>();
    const wanted = [...new Set(ids.filter((id): id is string => id != null))];
    if (!wanted.length) return out;
    await this.tx.read(async (em) => {
      for (const id of wanted) {
        const d = await this.definition(em, id);
        if (d) out.set(id, { id: d.id, key: d.key, versionTag: d.versionTag });
      }
    });
    return out;
  }

  // ---- internals

  private definition(em: EntityManager, id: string): Promise<ProcessDefinitionEntity | null> {
    return this.deps.repository.cache.processDefinition(em, id);
  }

  private run<T>(auth: Authentication | null, work: (ctx: RuntimeContext) => Promise<T>): Promise<T> {
    return this.deps.commands.execute(auth, { execute: work });
  }

  private async extensionProperties(
    definition: ProcessDefinitionEntity | null,
    activityId: string | null,
  ): Promise<Record<string, string>> {
    if (!definition || !activityId) return {};
    const graph = await this.deps.repository.processGraph(definition);
    const out: Record<string, string> = {};
    for (const p of graph.elements.get(activityId)?.properties ?? []) out[p.name] = p.value as string;
    return out;
  }

  /** Rows by id; locked against concurrent writers on MySQL when changing them. */
  private load(em: EntityManager, ids: string[], forUpdate = true): Promise<ExternalTaskEntity[]> {
    const p = new SqlParams(em);
    const lock = forUpdate ? rowLock(em) : '';
    return selectRows(em, ExternalTaskEntity, `WHERE t.id IN (${p.list(ids)})${lock}`, p.values);
  }

  /**
   * A command: loads one task, checks access, applies `change` (which may throw) through the external task manager;
   * the flush writes it, revision-checked.
   */
  private changeTask(
    auth: Authentication | null,
    id: string,
    permission: TaskPermission,
    change: (tasks: ExternalTaskManager, task: ExternalTaskEntity, now: Date) => void,
  ): Promise<ExternalTaskEntity> {
    return this.run(auth, async (ctx) => {
      const [row] = await this.load(ctx.em, [id]);
      if (!row) throw new NotFoundError(`Cannot find external task with id ${id}: externalTask is null`);
      await checkExternalTaskAccess(ctx.em, this.checker, auth, row, permission);
      const tasks = ctx.manager(ExternalTaskManager);
      const task = tasks.adopt(row);
      change(tasks, task, this.clock());
      return task;
    });
  }
}

function logRetries(ctx: CommandContext, task: ExternalTaskEntity, changes: PropertyChange[]): void {
  ctx.manager(HistoryLogManager).userOperation({
    operationType: 'SetExternalTaskRetries',
    entityType: 'ExternalTask',
    category: OPERATION_CATEGORY.operator,
    changes,
    externalTaskId: task.id,
    processInstanceId: task.processInstanceId,
    processDefinitionId: task.processDefinitionId,
    processDefinitionKey: task.processDefinitionKey,
    tenantId: task.tenantId,
  });
}

function hasFilters(topic: FetchTopic): boolean {
  return (
    topic.businessKey != null ||
    topic.processDefinitionId != null ||
    !!topic.processDefinitionIdIn?.length ||
    topic.processDefinitionKey != null ||
    !!topic.processDefinitionKeyIn?.length ||
    topic.processDefinitionVersionTag != null ||
    topic.withoutTenantId ||
    topic.tenantIdIn != null ||
    Object.keys(topic.processVariables ?? {}).length > 0
  );
}

/** The parts of the UNION come back topic by topic: merge them into the order the request asked for. */
function inRequestedOrder(tasks: ExternalTaskEntity[], request: FetchRequest): ExternalTaskEntity[] {
  if (!request.usePriority && !request.sorting.length) return tasks;
  return [...tasks].sort((a, b) => {
    if (request.usePriority && a.priority !== b.priority) return b.priority - a.priority;
    for (const direction of request.sorting) {
      const d = a.createTime.getTime() - b.createTime.getTime();
      if (d !== 0) return direction === 'desc' ? -d : d;
    }
    return 0;
  });
}
