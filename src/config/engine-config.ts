/** Typed configuration, read once from the environment. Plain data: the engine and the Nest modules both take it by injection. */
export interface EngineConfig {
  port: number;
  databaseUrl: string;
  adminUser: string;
  adminPassword: string;
  authEnabled: boolean;
  authorizationEnabled: boolean;
  historyLevel: HistoryLevel;
  enforceHistoryTimeToLive: boolean;
  /** Seconds a successful basic-auth verification stays cached in this process. */
  authCacheSeconds: number;
  logSql: boolean;
  /** Long-polling fetchAndLock requests that may wait at once (Camunda's fetch-and-lock-queue-capacity). */
  fetchAndLockQueueCapacity?: number;
  /** How often waiting fetchAndLock requests re-check the database for tasks (other instances, expired locks). */
  longPollRecheckMs?: number;
  /** Whether this process acquires and runs jobs (timers, async continuations). */
  jobExecutorEnabled?: boolean;
  /** How long the job executor sleeps when it found nothing to do (new local jobs wake it earlier). */
  jobExecutorPollMs?: number;
  /** Jobs claimed per acquisition. */
  jobExecutorBatchSize?: number;
  /** How long a claimed job stays locked to this process before another one may take it over. */
  jobExecutorLockTimeMs?: number;
  /** The engine's clock (timers, due dates, history); tests inject one they can move. */
  clock?: () => Date;
}

export type HistoryLevel = 'none' | 'activity' | 'audit' | 'full';

export const ENGINE_CONFIG = Symbol('ENGINE_CONFIG');

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

function historyLevel(value: string | undefined): HistoryLevel {
  const level = (value ?? 'full').trim().toLowerCase();
  if (level === 'none' || level === 'activity' || level === 'audit' || level === 'full') return level;
  throw new Error(`HISTORY_LEVEL must be one of none, activity, audit, full (got '${value}')`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<EngineConfig> = {}): EngineConfig {
  return {
    port: Number(env.PORT ?? 8080),
    databaseUrl: env.DATABASE_URL || 'sqlite:./data/engine.sqlite',
    adminUser: env.ADMIN_USER || 'demo',
    adminPassword: env.ADMIN_PASSWORD || 'demo',
    authEnabled: bool(env.AUTH_ENABLED, true),
    authorizationEnabled: bool(env.AUTHORIZATION_ENABLED, true),
    historyLevel: historyLevel(env.HISTORY_LEVEL),
    enforceHistoryTimeToLive: bool(env.ENFORCE_HISTORY_TIME_TO_LIVE, true),
    authCacheSeconds: Number(env.AUTH_CACHE_SECONDS ?? 60),
    logSql: bool(env.LOG_SQL, false),
    fetchAndLockQueueCapacity: Number(env.FETCH_AND_LOCK_QUEUE_CAPACITY ?? 200),
    longPollRecheckMs: Number(env.LONG_POLL_RECHECK_MS ?? 1000),
    jobExecutorEnabled: bool(env.JOB_EXECUTOR_ENABLED, true),
    jobExecutorPollMs: Number(env.JOB_EXECUTOR_POLL_MS ?? 1000),
    jobExecutorBatchSize: Number(env.JOB_EXECUTOR_BATCH_SIZE ?? 10),
    jobExecutorLockTimeMs: Number(env.JOB_EXECUTOR_LOCK_TIME_MS ?? 300000),
    ...overrides,
  };
}
