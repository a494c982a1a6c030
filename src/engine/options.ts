export type HistoryLevel = 'none' | 'activity' | 'audit' | 'full';

/**
 * The host application's objects by name: what `camunda:class`, `camunda:delegateExpression`, bean expressions
 * (`${orderService.reserve(execution)}`) and delegate listeners call. Delegates have `execute(execution)`, listeners
 * `notify(execution)`; both may return a promise. Without a registry, models that name host code are refused.
 */
export interface DelegateRegistry {
  get(name: string): object | undefined;
}

/** What the engine itself can be told; the application's configuration maps its sources onto it. */
export interface EngineOptions {
  /** Created at `start()` as a member of `camunda-admin` when it does not exist. */
  adminUser: string;
  adminPassword: string;
  authorizationEnabled: boolean;
  /**
   * Camunda's tenantCheckEnabled: an authenticated caller outside `camunda-admin` sees and changes only the data of
   * the tenants they or their groups belong to, and data without a tenant.
   */
  tenantCheckEnabled: boolean;
  /**
   * What an assignee, owner or candidate gets on their task besides READ (Camunda's
   * defaultUserPermissionForTask): UPDATE, or TASK_WORK to let them work on it without changing it.
   */
  defaultUserPermissionForTask: 'UPDATE' | 'TASK_WORK';
  historyLevel: HistoryLevel;
  /** When true, a `null` history time to live is refused. */
  enforceHistoryTimeToLive: boolean;
  /** Seconds a successful basic-auth verification stays cached in this process. */
  authCacheSeconds: number;
  /**
   * Camunda's enablePasswordPolicy: new passwords (user creation, password change) must satisfy the default
   * password policy, and `/identity/password-policy` answers instead of 404.
   */
  passwordPolicyEnabled: boolean;
  /** Failed password checks after which a user stays locked until an admin unlocks them (Camunda's loginMaxAttempts). */
  loginMaxAttempts: number;
  /** After the n-th failed check the next one counts only after base * factor^(n-1) seconds, at most the max time. */
  loginDelayFactor: number;
  loginDelayBase: number;
  loginDelayMaxTime: number;
  /** Long-polling fetchAndLock requests that may wait at once (Camunda's fetch-and-lock-queue-capacity). */
  fetchAndLockQueueCapacity: number;
  /** How often waiting fetchAndLock requests re-check the database for tasks (other instances, expired locks). */
  longPollRecheckMs: number;
  /** Whether this process acquires and runs jobs (timers, async continuations). */
  jobExecutorEnabled: boolean;
  /** How long the job executor sleeps when it found nothing to do (new local jobs wake it earlier). */
  jobExecutorPollMs: number;
  /** Jobs claimed per acquisition. */
  jobExecutorBatchSize: number;
  /** How long a claimed job stays locked to this process before another one may take it over. */
  jobExecutorLockTimeMs: number;
  /**
   * How often this process writes what it counted to the meter log (Camunda's metrics reporting interval, 15
   * minutes there too); 0 writes only when asked (`reportMetricsNow`) and at shutdown.
   */
  metricsReportIntervalMs: number;
  /** The reporter id of this process's meter log rows (Camunda's `hostname`); by default the host's name. */
  metricsReporterId: string | null;
  /** Camunda's jobExecutorAcquireByPriority: claim the jobs of highest priority first (off: in no particular order). */
  jobExecutorAcquireByPriority: boolean;
  /** Batch jobs a batch's seed job creates each time it runs (Camunda's batchJobsPerSeed). */
  batchJobsPerSeed: number;
  /** Targets one batch job works on in its transaction (Camunda's invocationsPerBatchJob). */
  invocationsPerBatchJob: number;
  /** How long a batch's monitor job waits before it looks again whether the batch is done (Camunda's batchPollTime, 30 s there). */
  batchPollMs: number;
  /** Days a finished batch's history is kept, for every batch type without one of its own; null keeps it forever. */
  batchHistoryTimeToLive: number | null;
  /** Days per batch type (`set-external-task-retries`: 5, say), over `batchHistoryTimeToLive`. */
  batchHistoryTimeToLiveByType: Readonly<Record<string, number>>;
  /** `HH:mm-HH:mm` (UTC) when the history cleanup job runs by itself; null: only when asked (POST /history/cleanup). */
  historyCleanupWindow: string | null;
  /** History rows the cleanup removes per table and run of its job. */
  historyCleanupBatchSize: number;
  /** Cleanup jobs that share the work, each owning a disjoint part of it (Camunda's historyCleanupDegreeOfParallelism, 1..8). */
  historyCleanupDegreeOfParallelism: number;
  /**
   * Camunda's queryMaxResultsLimit: the most rows one list request may ask for; a larger or absent
   * `maxResults` is refused. Null: no limit. Counts are not limited.
   */
  queryMaxResultsLimit: number | null;
  /** Whether JavaScript from deployments runs (in the WebAssembly sandbox); false refuses every script at deployment. */
  scriptsEnabled: boolean;
  /** How long one script evaluation may run before it is stopped and fails. */
  scriptTimeoutMs: number;
  /** Memory one script evaluation may allocate inside its sandbox. */
  scriptMemoryLimitMb: number;
  /** Worker threads hosting script sandboxes (scripts beyond that wait their turn). */
  scriptWorkers: number;
  /** The engine's clock (timers, due dates, history); tests inject one they can move. */
  clock: () => Date;
  /** Host code models may call; null (the standalone server): none, and such models are refused at deployment. */
  delegates: DelegateRegistry | null;
}

/** The defaults, written once: the application's configuration falls back to these too. */
export const ENGINE_DEFAULTS: Readonly<EngineOptions> = Object.freeze({
  adminUser: 'demo',
  adminPassword: 'demo',
  authorizationEnabled: true,
  tenantCheckEnabled: true,
  defaultUserPermissionForTask: 'UPDATE',
  historyLevel: 'full',
  enforceHistoryTimeToLive: true,
  authCacheSeconds: 60,
  passwordPolicyEnabled: false,
  loginMaxAttempts: 10,
  loginDelayFactor: 2,
  loginDelayBase: 3,
  loginDelayMaxTime: 60,
  fetchAndLockQueueCapacity: 200,
  longPollRecheckMs: 1000,
  jobExecutorEnabled: true,
  jobExecutorPollMs: 1000,
  jobExecutorBatchSize: 10,
  jobExecutorLockTimeMs: 300_000,
  metricsReportIntervalMs: 900_000,
  metricsReporterId: null,
  jobExecutorAcquireByPriority: false,
  batchJobsPerSeed: 100,
  invocationsPerBatchJob: 1,
  batchPollMs: 2000,
  batchHistoryTimeToLive: null,
  batchHistoryTimeToLiveByType: {},
  historyCleanupWindow: null,
  historyCleanupBatchSize: 500,
  historyCleanupDegreeOfParallelism: 1,
  queryMaxResultsLimit: null,
  scriptsEnabled: true,
  scriptTimeoutMs: 1000,
  scriptMemoryLimitMb: 16,
  scriptWorkers: 2,
  clock: () => new Date(),
  delegates: null,
});

/** The defaults with what is given on top; other fields of a larger configuration object are left out. */
export function engineOptions(given: Partial<EngineOptions> = {}): EngineOptions {
  const options: Record<string, unknown> = { ...ENGINE_DEFAULTS };
  for (const key of Object.keys(ENGINE_DEFAULTS)) {
    const value = (given as Record<string, unknown>)[key];
    if (value !== undefined) options[key] = value;
  }
  return options as unknown as EngineOptions;
}
