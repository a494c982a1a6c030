import { HistoryService } from './history/history.service';
import { DataSource } from 'typeorm';
import { BatchService } from './batch/batch.service';
import { AuthorizationChecker } from './authorization/authorization-checker';
import { BehaviorRegistry } from './bpmn/behaviors/behavior-registry';
import { settleConditions } from './bpmn/runtime/events/conditional-evaluation';
import { runOperation } from './bpmn/runtime/operations/operation-dispatch';
import { RuntimeContext, RuntimeDeps } from './bpmn/runtime/runtime-context';
import { CommandExecutor } from './command/command-executor';
import { Transactions } from './command/transactions';
import { DecisionService } from './decision/decision.service';
import { EventService } from './correlation/event.service';
import { ExternalTaskNotifier } from './external-task/external-task-notifier';
import { ExternalTaskService } from './external-task/external-task.service';
import { AuthorizationService } from './authorization/authorization.service';
import { TenantCheck } from './authorization/tenant-check';
import { CredentialsCache } from './authorization/credentials-cache';
import { IdentityService } from './identity/identity.service';
import { TenantService } from './identity/tenant.service';
import type { IdentityDeps } from './identity/identity.manager';
import { FilterService } from './filter/filter.service';
import { IncidentService } from './incident/incident.service';
import { UserOperationLogService } from './history/user-operation-log.service';
import { RuntimeService } from './instances/runtime.service';
import { MigrationService } from './migration/migration.service';
import { JobExecutor } from './jobs/job-executor';
import { ManagementService } from './jobs/management.service';
import { EngineMetrics, NO_METRICS } from './metrics';
import { Meters } from './meters';
import { MeterReporter } from './jobs/meter-reporter';
import { EngineOptions, engineOptions } from './options';
import { ScriptSandbox } from './expression/script/script-sandbox';
import { RepositoryService } from './repository/repository.service';
import { DEFINITION_SUSPENSION_JOB_HANDLERS } from './instances/commands/process-definition-suspension.cmd';

/**
 * The engine facade: one object per running engine, holding the services that the REST modules
 * (or an embedding application) call. Plain TypeScript; the Nest wiring lives in EngineModule.
 * It builds the one command executor every service runs its state changes through.
 */
export class ProcessEngine {
  readonly name = 'default';
  readonly options: EngineOptions;
  readonly tx: Transactions;
  /** Runs every state change: one transaction, one unit of work, retried on optimistic-locking conflicts. */
  readonly commands: CommandExecutor<RuntimeContext>;
  readonly authorizationChecker: AuthorizationChecker;
  readonly credentialsCache: CredentialsCache;
  /** Camunda's tenant check: which tenants' rows a caller reaches. */
  readonly tenantCheck: TenantCheck;
  readonly identity: IdentityService;
  readonly tenants: TenantService;
  readonly authorizations: AuthorizationService;
  readonly repository: RepositoryService;
  readonly decisions: DecisionService;
  readonly runtime: RuntimeService;
  readonly migration: MigrationService;
  readonly filters: FilterService;
  /** Wakes long-polling fetchAndLock requests; told after commit about new fetchable external tasks. */
  readonly externalTaskNotifier = new ExternalTaskNotifier();
  readonly externalTasks: ExternalTaskService;
  readonly incidents: IncidentService;
  /** Annotating and deleting entries of the user operation log. */
  readonly userOperationLog: UserOperationLogService;
  /** Messages, signals and conditional start events from outside. */
  readonly events: EventService;
  /** Jobs (timers, async continuations): the executor and the management calls. */
  readonly jobs: ManagementService;
  /** Asynchronous mass operations (batches) and their management. */
  readonly batches: BatchService;
  readonly history: HistoryService;
  /** Camunda's engine metrics, counted in memory (and handed on to the `metrics` observer given). */
  readonly meters: Meters;
  /** Writes the meters to the meter log every `metricsReportIntervalMs`; `report()` writes them now. */
  readonly meterReporter: MeterReporter;
  /** The engine's clock: `options.clock` when given (tests), else the system clock. */
  readonly clock: () => Date;
  /** Worker threads running JavaScript from deployments in the WebAssembly sandbox; null when scripts are off. */
  readonly scripts: ScriptSandbox | null;

  /** `metrics` is told about the work done once it is committed (the application's Prometheus counters). */
  constructor(
    options: Partial<EngineOptions>,
    readonly dataSource: DataSource,
    readonly metrics: EngineMetrics = NO_METRICS,
  ) {
    const o = (this.options = engineOptions(options));
    this.scripts = o.scriptsEnabled
      ? new ScriptSandbox({
          timeoutMs: o.scriptTimeoutMs,
          memoryLimitMb: o.scriptMemoryLimitMb,
          workers: o.scriptWorkers,
        })
      : null;
    this.tx = new Transactions(dataSource);
    this.clock = o.clock;
    const meters = (this.meters = new Meters(metrics, this.clock()));
    const checker = (this.authorizationChecker = new AuthorizationChecker(o.authorizationEnabled));
    const tenantCheck = (this.tenantCheck = new TenantCheck(o.tenantCheckEnabled));
    // One deps object for every context the engine makes: the runtime's, and the identity manager's cache.
    let deps: (RuntimeDeps & IdentityDeps) | null = null;
    this.commands = new CommandExecutor(this.tx, (em, auth) => new RuntimeContext(deps!, em, auth));
    this.credentialsCache = new CredentialsCache(o.authCacheSeconds * 1000);
    this.identity = new IdentityService(this.commands, checker, this.credentialsCache, { ...o, clock: this.clock });
    this.tenants = new TenantService(this.commands, checker);
    this.authorizations = new AuthorizationService(this.commands, checker);
    this.repository = new RepositoryService(
      this.commands,
      checker,
      this.clock,
      o.scriptsEnabled,
      o.delegates,
      tenantCheck,
    );
    this.decisions = new DecisionService(this.commands, checker, this.repository, o.historyLevel, meters);
    this.batches = new BatchService(this.commands, o);
    this.history = new HistoryService(this.commands);
    deps = {
      checker,
      tenantCheck,
      clock: this.clock,
      credentialsCache: this.credentialsCache,
      repository: this.repository,
      decisions: this.decisions,
      historyLevel: o.historyLevel,
      defaultUserPermissionForTask: o.defaultUserPermissionForTask,
      behaviors: new BehaviorRegistry(),
      operations: runOperation,
      settleConditions,
      delegates: o.delegates,
      externalTasksCreated: (topics) => this.externalTaskNotifier.notify(topics),
      jobsCreated: (due) => this.jobs.executor.wake(due),
      metrics: meters,
      jobHandlers: new Map([...this.batches.jobHandlers, ...DEFINITION_SUSPENSION_JOB_HANDLERS]),
      scripts: this.scripts,
    };
    this.runtime = new RuntimeService(this.commands, this.repository);
    this.migration = new MigrationService(this.commands);
    this.externalTasks = new ExternalTaskService({
      commands: this.commands,
      checker,
      tenantCheck,
      repository: this.repository,
      notifier: this.externalTaskNotifier,
      longPolling: { capacity: o.fetchAndLockQueueCapacity, recheckMs: o.longPollRecheckMs },
      clock: this.clock,
      metrics: meters,
    });
    this.incidents = new IncidentService(this.commands, checker);
    this.userOperationLog = new UserOperationLogService(this.commands);
    this.filters = new FilterService(this.commands, checker);
    this.jobs = new ManagementService(this.commands, this.clock, {
      pollMs: o.jobExecutorPollMs,
      batchSize: o.jobExecutorBatchSize,
      lockTimeMs: o.jobExecutorLockTimeMs,
      acquireByPriority: o.jobExecutorAcquireByPriority,
    });
    this.meterReporter = new MeterReporter(this.commands, meters, o.metricsReportIntervalMs, o.metricsReporterId);
    this.events = new EventService(this.runtime, this.repository, this.clock);
    this.events.startEvents.onTimerScheduled((due) => this.jobs.executor.wake(due));
  }

  get jobExecutor(): JobExecutor {
    return this.jobs.executor;
  }

  /** Starts acquiring and running jobs in the background, unless the options turn the job executor off. */
  startJobExecutor(): void {
    if (this.options.jobExecutorEnabled) this.jobs.executor.start();
  }

  async start(): Promise<void> {
    await this.identity.ensureAdmin(this.options.adminUser, this.options.adminPassword);
    await this.batches.scheduleHistoryCleanup();
    this.meterReporter.start();
  }

  /**
   * Stops the background work and lets go of what the engine holds in the process besides its data source: the
   * job executor, long-polling requests, the script sandbox's worker threads, and the async context of its
   * transactions and commands. The data source stays open (a host may share it).
   */
  async release(): Promise<void> {
    await this.jobs.executor.stop();
    await this.meterReporter.stop();
    await this.externalTasks.close();
    await this.scripts?.close();
    this.commands.close();
    this.tx.close();
  }

  /** release(), then the data source is closed too. */
  async close(): Promise<void> {
    await this.release();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
