import { DataSource } from 'typeorm';
import { EngineConfig } from '../config/engine-config';
import { AuthorizationChecker } from './authorization/authorization-checker';
import { AuthorizationService } from './authorization/authorization-service';
import { Transactions } from './command/transactions';
import { CredentialsCache } from './identity/credentials-cache';
import { IdentityService } from './identity/identity-service';
import { RepositoryService } from './repository/repository-service';
import { DecisionService } from './decision/decision-service';
import { RuntimeService } from './runtime/runtime-service';
import { ExternalTaskNotifier } from './external-task/external-task-notifier';
import { ExternalTaskService } from './external-task/external-task-service';
import { IncidentService } from './external-task/incident-service';
import { EventService } from './events/event-service';
import { JobService } from './jobs/job-service';
import { JobExecutor } from './jobs/job-executor';

/**
 * The engine facade: one object per running engine, holding the services that the REST modules
 * (or an embedding application) call. Plain TypeScript; the Nest wiring lives in EngineModule.
 */
export class ProcessEngine {
  readonly name = 'default';
  readonly tx: Transactions;
  readonly authorizationChecker: AuthorizationChecker;
  readonly credentialsCache: CredentialsCache;
  readonly identity: IdentityService;
  readonly authorizations: AuthorizationService;
  readonly repository: RepositoryService;
  readonly decisions: DecisionService;
  readonly runtime: RuntimeService;
  /** Wakes long-polling fetchAndLock requests; call `notify(topics)` after committing fetchable external tasks. */
  readonly externalTaskNotifier = new ExternalTaskNotifier();
  readonly externalTasks: ExternalTaskService;
  readonly incidents: IncidentService;
  /** Messages, signals and conditional start events from outside. */
  readonly events: EventService;
  /** Jobs (timers, async continuations): the executor and the management calls. */
  readonly jobs: JobService;
  /** The engine's clock: `config.clock` when given (tests), else the system clock. */
  readonly clock: () => Date;

  constructor(
    readonly config: EngineConfig,
    readonly dataSource: DataSource,
  ) {
    this.tx = new Transactions(dataSource);
    this.clock = config.clock ?? (() => new Date());
    this.authorizationChecker = new AuthorizationChecker(config.authorizationEnabled);
    this.credentialsCache = new CredentialsCache(config.authCacheSeconds * 1000);
    this.identity = new IdentityService(this.tx, this.authorizationChecker, this.credentialsCache);
    this.authorizations = new AuthorizationService(this.tx, this.authorizationChecker);
    this.repository = new RepositoryService(this.tx, this.authorizationChecker, this.clock);
    this.decisions = new DecisionService(this.tx, this.authorizationChecker, this.repository, config.historyLevel);
    this.runtime = new RuntimeService(this.tx, this.authorizationChecker, this.repository, this.decisions, config.historyLevel, this.clock);
    this.runtime.onExternalTasksCreated((topics) => this.externalTaskNotifier.notify(topics));
    this.externalTasks = new ExternalTaskService({
      tx: this.tx, checker: this.authorizationChecker, repository: this.repository, runtime: this.runtime, notifier: this.externalTaskNotifier,
      longPolling: { capacity: config.fetchAndLockQueueCapacity ?? 200, recheckMs: config.longPollRecheckMs ?? 1000 }, clock: config.clock,
    });
    this.incidents = new IncidentService(this.tx, this.authorizationChecker);
    this.jobs = new JobService(this.tx, this.runtime, this.clock, {
      pollMs: config.jobExecutorPollMs ?? 1000, batchSize: config.jobExecutorBatchSize ?? 10, lockTimeMs: config.jobExecutorLockTimeMs ?? 300_000,
    });
    this.runtime.onJobsCreated((due) => this.jobs.executor.wake(due));
    this.events = new EventService(this.runtime, this.repository, this.clock);
    this.events.startEvents.onTimerScheduled((due) => this.jobs.executor.wake(due));
  }

  get jobExecutor(): JobExecutor {
    return this.jobs.executor;
  }

  /** Starts acquiring and running jobs in the background, unless JOB_EXECUTOR_ENABLED is false. */
  startJobExecutor(): void {
    if (this.config.jobExecutorEnabled !== false) this.jobs.executor.start();
  }

  async start(): Promise<void> {
    await this.identity.ensureAdmin(this.config.adminUser, this.config.adminPassword);
  }

  async close(): Promise<void> {
    await this.jobs.executor.stop();
    await this.externalTasks.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
