import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { ScriptSandbox } from '../../expression/script/script-sandbox';
import { EntityManager } from 'typeorm';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { multipleStatements, selectRows, selectRowsTogether } from '../../../persistence/raw-rows';
import { ExternalTaskEntity } from '../../../persistence/entities/runtime/external-task.entity';
import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { VariableEntity } from '../../../persistence/entities/runtime/variable.entity';
import { Authentication } from '../../command/authentication';
import { CommandContext, CommandDeps, LoadedInstanceFacts } from '../../command/command-context';
import type { DecisionService } from '../../decision/decision.service';
import { NotFoundError } from '../../errors';
import { ProcessHistoryManager } from '../../history/process-history.manager';
import type { RepositoryService } from '../../repository/repository.service';
import type { EngineMetrics } from '../../metrics';
import { DelegateRegistry, HistoryLevel } from '../../options';
import { ProcessGraph } from '../model';
import type { ActivityRef } from './activity-ref';
import type { AtomicOperation } from './atomic-operation';
import { ProcessInstanceState } from './process-instance-state';
import { ExternalTaskManager } from '../../entities/external-task.manager';
import { TaskManager } from '../../entities/task.manager';
import { ExecutionManager } from '../../entities/execution.manager';
import { VariableManager } from '../../entities/variable.manager';

/** What the runtime needs from the rest of the engine; one instance per engine. */
export interface RuntimeDeps extends CommandDeps {
  readonly repository: RepositoryService;
  readonly decisions: DecisionService;
  readonly historyLevel: HistoryLevel;
  /** Granted with READ to the users and groups a task is given to (Camunda's DefaultAuthorizationProvider). */
  readonly defaultUserPermissionForTask?: 'UPDATE' | 'TASK_WORK';
  /**
   * The behaviour of each element type, built by the process engine (behaviours build on the runtime). Read it with
   * `behaviorOf` (activity-behavior.ts): behaviours take this context, so naming their type here would close a circle.
   */
  readonly behaviors: { behaviorFor(ref: ActivityRef): unknown };
  /** Runs one atomic operation for the agenda, built by the process engine (operations plan further ones). */
  readonly operations: OperationRunner;
  /**
   * Checks the conditional events whose scope was entered or whose variables changed, when the agenda is idle: true
   * when one was triggered. `settleConditions` of events/conditional-evaluation.ts, handed down by the process
   * engine: what a condition triggers runs through the whole runtime, agenda included.
   */
  readonly settleConditions: (ctx: RuntimeContext) => Promise<boolean>;
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

/** Moves an execution one step: `runOperation` of operations/operation-dispatch.ts. */
export type OperationRunner = (ctx: RuntimeContext, op: AtomicOperation) => Promise<void>;

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
  private historyWriter?: ProcessHistoryManager;
  readonly instances = new Map<string, ProcessInstanceState>();

  constructor(deps: RuntimeDeps, em: EntityManager, auth: Authentication | null) {
    super(deps, em, auth);
  }

  get history(): ProcessHistoryManager {
    return (this.historyWriter ??= this.manager(ProcessHistoryManager));
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
    const isRoot = root.superExecutionId == null;
    this.afterCommit(() => this.deps.metrics.processInstanceStarted(isRoot));
    const state = new ProcessInstanceState(root, definition, graph);
    this.instances.set(root.id, state);
    return state;
  }

  /** Every command that changes an instance bumps the root's revision: concurrent commands on it collide. */
  touch(instance: ProcessInstanceState): void {
    this.manager(ExecutionManager).touch(instance.root);
  }

  /** The same for an instance the command may have loaded (entity managers name instances by id). */
  touchInstance(processInstanceId: string): void {
    const instance = this.instances.get(processInstanceId);
    if (instance) this.touch(instance);
  }

  nextSequence(instance: ProcessInstanceState): number {
    return this.manager(ExecutionManager).nextSequence(instance.root);
  }

  createExecution(instance: ProcessInstanceState, fields: Partial<ExecutionEntity>): ExecutionEntity {
    const execution = this.manager(ExecutionManager).create(instance.root, fields);
    instance.add(execution);
    return execution;
  }

  // ---- tasks and external tasks (their managers hold the rows; loading them with their instance is the runtime's)

  /** An external task with its process instance (null where either is missing): see `withInstance`. */
  async findExternalTaskWithInstance(
    id: string,
  ): Promise<{ row: ExternalTaskEntity | null; instance: ProcessInstanceState | null }> {
    const tasks = this.manager(ExternalTaskManager);
    if (tasks.isKnown(id) || !multipleStatements(this.em)) return this.withLoadedInstance(await tasks.find(id));
    return this.withInstance(ExternalTaskEntity, 'act_ru_ext_task', id, (row) => tasks.adopt(row));
  }

  /** A user task with its process instance (null where either is missing): see `withInstance`. */
  async findTaskWithInstance(id: string): Promise<{ row: TaskEntity | null; instance: ProcessInstanceState | null }> {
    const tasks = this.manager(TaskManager);
    if (tasks.isKnown(id) || !multipleStatements(this.em)) return this.withLoadedInstance(await tasks.find(id));
    return this.withInstance(TaskEntity, 'act_ru_task', id, (row) => tasks.adopt(row));
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

  // ---- end of command

  /**
   * Writes everything in one go (the agenda, once made, runs what it still holds first: see `Agenda`), then the
   * process history gathered meanwhile.
   */
  async flush(): Promise<void> {
    await super.flush();
    this.historyWriter?.flush();
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
}
