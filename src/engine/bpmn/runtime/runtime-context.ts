import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { ScriptSandbox } from '../../expression/script/script-sandbox';
import { EntityManager } from 'typeorm';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import {
  deleteWhereStatement,
  multipleStatements,
  selectRows,
  selectRowsTogether,
  SqlStatement,
} from '../../../persistence/raw-rows';
import { ExternalTaskEntity } from '../../../persistence/entities/runtime/external-task.entity';
import { IdentityLinkEntity } from '../../../persistence/entities/runtime/identity-link.entity';
import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { VariableEntity } from '../../../persistence/entities/runtime/variable.entity';
import { AuthorizationEntity } from '../../../persistence/entities/identity/authorization.entity';
import { Authentication } from '../../authorization/authentication';
import { AUTH_TYPE, resolvePermission, Resources } from '../../authorization/resources';
import { CommandContext, CommandDeps, LoadedInstanceFacts } from '../../command/command-context';
import type { DecisionService } from '../../decision/decision.service';
import { NotFoundError } from '../../errors';
import { ProcessHistoryWriter } from '../../history/process-history-writer';
import type { TaskEndReason } from '../../history/task-history-writer';
import type { RepositoryService } from '../../repository/repository.service';
import type { EngineMetrics } from '../../metrics';
import { DelegateRegistry, HistoryLevel } from '../../options';
import { newId } from '../../util/ids';
import { ProcessGraph } from '../model';
import { BehaviorLookup } from './activity-behavior';
import { Agenda } from './agenda';
import { EventContext } from './events/event-context';
import { ProcessInstanceState } from './process-instance-state';
import { VariableStore } from './variable-store';
import { INCIDENT_TYPE, IncidentManager } from '../../incident/incident.manager';
import { ExecutionManager } from '../../entities/execution.manager';
import { VariableManager } from '../../entities/variable.manager';

/** READ and the configured permission on a task, as one bit mask. */
function taskPermissionBits(permission: 'UPDATE' | 'TASK_WORK'): number {
  let bits = 0;
  for (const name of ['READ', permission]) {
    const resolved = resolvePermission(Resources.TASK.code, name);
    if (resolved.ok) bits |= resolved.value;
  }
  return bits;
}

/** What the runtime needs from the rest of the engine; one instance per engine. */
export interface RuntimeDeps extends CommandDeps {
  readonly repository: RepositoryService;
  readonly decisions: DecisionService;
  readonly historyLevel: HistoryLevel;
  /** Granted with READ to the users and groups a task is given to (Camunda's DefaultAuthorizationProvider). */
  readonly defaultUserPermissionForTask?: 'UPDATE' | 'TASK_WORK';
  /** The behaviour of each element type, built by the process engine (behaviours build on the runtime). */
  readonly behaviors: BehaviorLookup;
  /** Told after commit about new external tasks (long polling wakes up on it). */
  readonly externalTasksCreated: (topics: string[]) => void;
  /** Told after commit when jobs were created, with the earliest due date (the job executor wakes up on it). */
  readonly jobsCreated?: (due: Date) => void;
  /** Told after commit about the work done (monitoring). */
  readonly metrics: EngineMetrics;
  /** Job handlers of the rooms above the job executor (the batch jobs), by handler type. */
  readonly jobHandlers?: ReadonlyMap<string, JobHandler>;
  /** Runs JavaScript from deployments; null when scripts are turned off. */
  readonly scripts: ScriptSandbox | null;
  /** Host code models may call (embedded engines); absent or null: none. */
  readonly delegates?: DelegateRegistry | null;
}

/** The work of one job whose row the caller has deleted, in the job's transaction. */
export type JobHandler = (ctx: RuntimeContext, job: JobEntity) => Promise<void>;

/**
 * The command context of the BPMN runtime: on top of the generic one, it loads process instances
 * whole (their executions in one query, their variables in another), hands out the entities
 * behaviours change, runs the operation agenda, and flushes history after the unit of work. The
 * engine's executor makes one for every command, so any command may reach process instances.
 */
export class RuntimeContext extends CommandContext<RuntimeDeps> {
  // Made on first use: most commands (identity, decisions, locks) never touch a process instance.
  private historyWriter?: ProcessHistoryWriter;
  private operationAgenda?: Agenda;
  private variableStore?: VariableStore;
  private eventContext?: EventContext;
  readonly instances = new Map<string, ProcessInstanceState>();
  private readonly tasks = new Map<string, TaskEntity>();
  private readonly externalTasks = new Map<string, ExternalTaskEntity>();
  private readonly deletedTaskIds: string[] = [];
  /** Rows deleted in this command are still in the database until the flush: never hand them out again. */
  private readonly deletedIds = new Set<string>();
  private readonly taskGrants = new Map<string, { taskId: string; userId: string | null; groupId: string | null }>();
  private readonly newTopics = new Set<string>();

  constructor(deps: RuntimeDeps, em: EntityManager, auth: Authentication | null) {
    super(deps, em, auth);
  }

  get history(): ProcessHistoryWriter {
    return (this.historyWriter ??= new ProcessHistoryWriter(this.uow, this.deps.historyLevel, this.deps.clock));
  }

  get agenda(): Agenda {
    return (this.operationAgenda ??= new Agenda(this));
  }

  get variables(): VariableStore {
    return (this.variableStore ??= new VariableStore(this));
  }

  /** Subscriptions, jobs and conditional events of this command. */
  get events(): EventContext {
    return (this.eventContext ??= new EventContext(this));
  }

  // ---- process instances

  loadedInstance(processInstanceId: string): LoadedInstanceFacts | undefined {
    const instance = this.instances.get(processInstanceId);
    if (!instance) return undefined;
    return {
      processDefinitionKey: instance.definition.key,
      rootProcessInstanceId: instance.root.rootProcessInstanceId ?? instance.id,
    };
  }

  instanceOf(execution: ExecutionEntity): ProcessInstanceState {
    const instance = this.instances.get(execution.processInstanceId);
    if (!instance) throw new Error(`process instance ${execution.processInstanceId} is not loaded in this command`);
    return instance;
  }

  async loadInstance(processInstanceId: string): Promise<ProcessInstanceState | null> {
    const known = this.instances.get(processInstanceId);
    if (known) return known;
    // The tree and its variables in one round trip where the database allows it.
    const [executions, variables] = await selectRowsTogether(
      this.em,
      [ExecutionEntity, 'WHERE t.proc_inst_id = ?', [processInstanceId]],
      [VariableEntity, 'WHERE t.proc_inst_id = ?', [processInstanceId]],
    );
    return this.adopt(executions, variables);
  }

  /** The instance an execution belongs to, in one query. */
  async loadInstanceOfExecution(executionId: string): Promise<ProcessInstanceState | null> {
    for (const instance of this.instances.values()) if (instance.executions.has(executionId)) return instance;
    const rows = await this.em
      .getRepository(ExecutionEntity)
      .createQueryBuilder('e')
      .where('e.processInstanceId = (SELECT x.proc_inst_id FROM act_ru_execution x WHERE x.id = :id)', {
        id: executionId,
      })
      .getMany();
    return this.adopt(rows);
  }

  /** The instance a call activity execution started, whether it is stored yet or was started in this command. */
  async calledInstanceOf(superExecutionId: string): Promise<ProcessInstanceState | null> {
    for (const instance of this.instances.values())
      if (instance.root.superExecutionId === superExecutionId) return instance;
    const sub = await this.em
      .getRepository(ExecutionEntity)
      .findOne({ select: { processInstanceId: true }, where: { superExecutionId } });
    return sub ? this.loadInstance(sub.processInstanceId) : null;
  }

  async definition(id: string): Promise<ProcessDefinitionEntity> {
    const found = await this.deps.repository.cache.processDefinition(this.em, id);
    if (!found) throw new NotFoundError(`no deployed process definition found with id '${id}'`);
    return found;
  }

  async graph(definition: ProcessDefinitionEntity): Promise<ProcessGraph> {
    return this.deps.repository.processGraph(definition);
  }

  /** Registers a process instance created in this command. */
  adoptNew(root: ExecutionEntity, definition: ProcessDefinitionEntity, graph: ProcessGraph): ProcessInstanceState {
    this.manager(ExecutionManager).insertRoot(root);
    this.afterCommit(() => this.deps.metrics.processInstanceStarted());
    const state = new ProcessInstanceState(root, definition, graph);
    this.instances.set(root.id, state);
    return state;
  }

  /** Every command that changes an instance bumps the root's revision: concurrent commands on it collide. */
  touch(instance: ProcessInstanceState): void {
    this.manager(ExecutionManager).touch(instance.root);
  }

  nextSequence(instance: ProcessInstanceState): number {
    return this.manager(ExecutionManager).nextSequence(instance.root);
  }

  createExecution(instance: ProcessInstanceState, fields: Partial<ExecutionEntity>): ExecutionEntity {
    const execution = this.manager(ExecutionManager).create(instance.root, fields);
    instance.add(execution);
    return execution;
  }

  removeExecution(instance: ProcessInstanceState, execution: ExecutionEntity): void {
    this.variables.dropScope(instance, execution.id);
    this.events.executionRemoved(instance, execution);
    this.manager(ExecutionManager).remove(instance.root, execution);
    instance.remove(execution);
  }

  // ---- tasks and external tasks

  async findTask(id: string): Promise<TaskEntity | null> {
    if (this.deletedIds.has(id)) return null;
    const known = this.tasks.get(id);
    if (known) return known;
    const [found] = await selectRows(this.em, TaskEntity, 'WHERE t.id = ?', [id]);
    return found ? this.adoptTask(found) : null;
  }

  async tasksOf(instance: ProcessInstanceState): Promise<TaskEntity[]> {
    if (!instance.tasks) {
      const rows = (await selectRows(this.em, TaskEntity, 'WHERE t.proc_inst_id = ?', [instance.id])).filter(
        (t) => !this.deletedIds.has(t.id),
      );
      instance.tasks = new Map(rows.map((t) => [t.id, this.adoptTask(t)]));
      for (const t of this.tasks.values()) if (t.processInstanceId === instance.id) instance.tasks.set(t.id, t);
    }
    return [...instance.tasks.values()];
  }

  insertTask(instance: ProcessInstanceState | null, task: TaskEntity): void {
    this.uow.insert(TaskEntity, task);
    this.history.tasks.taskCreated(task, instance ? (instance.root.rootProcessInstanceId ?? instance.id) : null);
    this.grantTaskDefaults(task.id, task.assignee);
    this.grantTaskDefaults(task.id, task.owner);
    this.tasks.set(task.id, task);
    instance?.tasks?.set(task.id, task);
    if (instance) this.touch(instance);
  }

  insertIdentityLink(link: IdentityLinkEntity): void {
    this.uow.insert(IdentityLinkEntity, link);
    if (link.taskId) this.grantTaskDefaults(link.taskId, link.userId, link.groupId);
  }

  /**
   * Camunda's default task authorizations: a user or group the task is given to (assignee, owner,
   * any identity link) may READ it and, by default, UPDATE it (or TASK_WORK, as configured). Only
   * while authorization checks are on; written at flush, added to a grant that exists already.
   */
  grantTaskDefaults(taskId: string, userId: string | null, groupId: string | null = null): void {
    if (!this.deps.checker.isEnabled || (userId == null && groupId == null)) return;
    this.taskGrants.set(JSON.stringify([taskId, userId, groupId]), { taskId, userId, groupId });
  }

  /** One read for all of the command's grants, one bulk insert for the new ones (no statement per task or user). */
  private async writeTaskGrants(): Promise<void> {
    const permissions = taskPermissionBits(this.deps.defaultUserPermissionForTask ?? 'UPDATE');
    const grants = [...this.taskGrants.values()].filter((g) => !this.deletedIds.has(g.taskId));
    this.taskGrants.clear();
    if (!grants.length) return;
    const taskIds = [...new Set(grants.map((g) => g.taskId))];
    const existing = await selectRows(
      this.em,
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
          this.uow.track(AuthorizationEntity, found).permissions = (found.permissions ?? 0) | permissions;
        continue;
      }
      this.uow.insert(
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

  /** The task goes; history keeps why: `completed`, or `deleted` (cancelled with its activity, or deleted itself). */
  deleteTask(instance: ProcessInstanceState | null, task: TaskEntity, reason: TaskEndReason = 'deleted'): void {
    this.history.tasks.taskEnded(task, reason);
    if (!this.uow.isNew(task)) this.deletedTaskIds.push(task.id);
    this.deletedIds.add(task.id);
    this.uow.delete(TaskEntity, task);
    this.tasks.delete(task.id);
    if (instance) {
      instance.tasks?.delete(task.id);
      this.variables.dropScope(instance, task.id);
      this.touch(instance);
    }
  }

  async findExternalTask(id: string): Promise<ExternalTaskEntity | null> {
    if (this.deletedIds.has(id)) return null;
    const known = this.externalTasks.get(id);
    if (known) return known;
    const [found] = await selectRows(this.em, ExternalTaskEntity, 'WHERE t.id = ?', [id]);
    return found ? this.adoptExternalTask(found) : null;
  }

  /** An external task with its process instance (null where either is missing): see `withInstance`. */
  async findExternalTaskWithInstance(
    id: string,
  ): Promise<{ row: ExternalTaskEntity | null; instance: ProcessInstanceState | null }> {
    if (this.deletedIds.has(id) || this.externalTasks.has(id) || !multipleStatements(this.em)) {
      return this.withLoadedInstance(await this.findExternalTask(id));
    }
    return this.withInstance(ExternalTaskEntity, 'act_ru_ext_task', id, (row) => this.adoptExternalTask(row));
  }

  /** A user task with its process instance (null where either is missing): see `withInstance`. */
  async findTaskWithInstance(id: string): Promise<{ row: TaskEntity | null; instance: ProcessInstanceState | null }> {
    if (this.deletedIds.has(id) || this.tasks.has(id) || !multipleStatements(this.em)) {
      return this.withLoadedInstance(await this.findTask(id));
    }
    return this.withInstance(TaskEntity, 'act_ru_task', id, (row) => this.adoptTask(row));
  }

  private async withLoadedInstance<T extends { processInstanceId: string | null }>(
    row: T | null,
  ): Promise<{ row: T | null; instance: ProcessInstanceState | null }> {
    return { row, instance: row?.processInstanceId ? await this.loadInstance(row.processInstanceId) : null };
  }

  /**
   * A row of a table with `proc_inst_id`, its instance's execution tree and the tree's variables in one round
   * trip (MySQL/MariaDB, where a connection takes several statements): the instance found through the row.
   */
  private async withInstance<T extends { processInstanceId: string | null }>(
    cls: new () => T,
    table: string,
    id: string,
    adoptRow: (row: T) => T,
  ): Promise<{ row: T | null; instance: ProcessInstanceState | null }> {
    const owner = `WHERE t.proc_inst_id = (SELECT x.proc_inst_id FROM ${table} x WHERE x.id = ?)`;
    const [rows, executions, variables] = await selectRowsTogether<[T, ExecutionEntity, VariableEntity]>(
      this.em,
      [cls, 'WHERE t.id = ?', [id]],
      [ExecutionEntity, owner, [id]],
      [VariableEntity, owner, [id]],
    );
    const row = rows[0] ? adoptRow(rows[0]) : null;
    if (!row?.processInstanceId) return { row, instance: null };
    const known = this.instances.get(row.processInstanceId);
    if (known) return { row, instance: known };
    // Each statement reads what is committed when it starts (READ COMMITTED): a row deleted by a concurrent command
    // right after the first one finds no tree here. The instance is then looked up by its id, as one query after
    // the other would, so that the race ends as it did before (a revision conflict, then the command runs again).
    if (!executions.length) return { row, instance: await this.loadInstance(row.processInstanceId) };
    return { row, instance: await this.adopt(executions, variables) };
  }

  async externalTasksOf(instance: ProcessInstanceState): Promise<ExternalTaskEntity[]> {
    if (!instance.externalTasks) {
      const rows = (await selectRows(this.em, ExternalTaskEntity, 'WHERE t.proc_inst_id = ?', [instance.id])).filter(
        (t) => !this.deletedIds.has(t.id),
      );
      instance.externalTasks = new Map(rows.map((t) => [t.id, this.adoptExternalTask(t)]));
      for (const t of this.externalTasks.values())
        if (t.processInstanceId === instance.id) instance.externalTasks.set(t.id, t);
    }
    return [...instance.externalTasks.values()];
  }

  insertExternalTask(instance: ProcessInstanceState, task: ExternalTaskEntity): void {
    this.uow.insert(ExternalTaskEntity, task);
    this.externalTasks.set(task.id, task);
    instance.externalTasks?.set(task.id, task);
    this.newTopics.add(task.topicName);
    this.logs.externalTask('created', task, instance.root.rootProcessInstanceId ?? instance.id);
    this.touch(instance);
  }

  /**
   * How the task goes: `completed` by its worker (a success log), `cancelled` with its activity (an open incident is
   * recorded as deleted rather than resolved), or `removed` otherwise (a BPMN error, a failure leaving the activity).
   */
  deleteExternalTask(
    instance: ProcessInstanceState,
    task: ExternalTaskEntity,
    how: 'completed' | 'cancelled' | 'removed' = 'removed',
  ): void {
    this.uow.delete(ExternalTaskEntity, task);
    this.logs.externalTask(
      how === 'completed' ? 'successful' : 'deleted',
      task,
      instance.root.rootProcessInstanceId ?? instance.id,
    );
    this.deletedIds.add(task.id);
    this.externalTasks.delete(task.id);
    instance.externalTasks?.delete(task.id);
    // Only a task that ran out of retries can have an open failedExternalTask incident.
    if (task.retries != null && task.retries <= 0)
      this.manager(IncidentManager).endFor(
        INCIDENT_TYPE.failedExternalTask,
        [task.id],
        how === 'cancelled' ? 'deleted' : 'resolved',
      );
    this.touch(instance);
  }

  // ---- end of command

  /** Runs what the agenda still holds, then writes everything in one go. */
  async flush(): Promise<void> {
    // The agenda also settles conditional events, so it runs whenever events were touched (a variable change alone).
    if (this.operationAgenda || this.eventContext) await this.agenda.run();
    this.eventContext?.beforeFlush();
    if (this.taskGrants.size) await this.writeTaskGrants();
    this.historyWriter?.tasks.sync(this.tasks.values());
    if (this.deletedTaskIds.length) {
      const ids = [...this.deletedTaskIds];
      const checks = this.deps.checker.isEnabled;
      this.uow.sql((em) => {
        const out: SqlStatement[] = [];
        for (let i = 0; i < ids.length; i += 500) {
          const part = ids.slice(i, i + 500);
          out.push(deleteWhereStatement(em, IdentityLinkEntity, { taskId: part }));
          // As Camunda's TaskManager: the authorizations on a task go with it (none are made while checks are off).
          if (checks)
            out.push(
              deleteWhereStatement(em, AuthorizationEntity, { resourceType: Resources.TASK.code, resourceId: part }),
            );
        }
        return out;
      });
    }
    await super.flush();
    this.historyWriter?.flush();
  }

  committed(): void {
    if (this.newTopics.size) this.deps.externalTasksCreated([...this.newTopics]);
    const due = this.eventContext?.createdJobsDue();
    if (due) this.deps.jobsCreated?.(due);
    super.committed();
  }

  // ---- loading

  /** `variables`: the instance's, when they were loaded with its executions. */
  private async adopt(
    rows: ExecutionEntity[],
    loadedVariables?: VariableEntity[],
  ): Promise<ProcessInstanceState | null> {
    const root = rows.find((r) => r.id === r.processInstanceId);
    if (!root) return null;
    const definition = await this.definition(root.processDefinitionId);
    const graph = await this.graph(definition);
    const state = new ProcessInstanceState(root, definition, graph);
    this.manager(ExecutionManager).adopt(rows);
    for (const row of rows) if (row !== root) state.add(row);
    const variables =
      loadedVariables ?? (await selectRows(this.em, VariableEntity, 'WHERE t.proc_inst_id = ?', [root.id]));
    this.manager(VariableManager).adopt(variables);
    for (const v of variables) {
      let scope = state.variables.get(v.varScope);
      if (!scope) state.variables.set(v.varScope, (scope = new Map()));
      scope.set(v.name, v);
    }
    this.instances.set(root.id, state);
    return state;
  }

  private adoptTask(task: TaskEntity): TaskEntity {
    const known = this.tasks.get(task.id);
    if (known) return known;
    this.tasks.set(task.id, task);
    this.history.tasks.taskLoaded(task);
    return this.uow.track(TaskEntity, task);
  }

  private adoptExternalTask(task: ExternalTaskEntity): ExternalTaskEntity {
    const known = this.externalTasks.get(task.id);
    if (known) return known;
    this.externalTasks.set(task.id, task);
    return this.uow.track(ExternalTaskEntity, task);
  }
}
