import { ENGINE_DEFAULTS, EngineOptions, HistoryLevel } from '../engine/options';

/** Typed configuration, read once from the environment: the engine's options plus what only the application uses. */
export interface AppConfig extends EngineOptions {
  port: number;
  databaseUrl: string;
  authEnabled: boolean;
  logSql: boolean;
  /** `json` (one object a line, for collectors) or `text` (for people at a terminal). */
  logFormat: LogFormat;
  logLevel: LogLevelName;
  /** Where log lines go instead of stdout: set programmatically (tests, embedding), never from the environment. */
  logDestination?: { write(line: string): unknown };
}

export type LogFormat = 'json' | 'text';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

export const APP_CONFIG = Symbol('APP_CONFIG');

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

function num(value: string | undefined, fallback: number): number {
  return value === undefined || value === '' ? fallback : Number(value);
}

function historyLevel(value: string | undefined): HistoryLevel {
  const level = (value || ENGINE_DEFAULTS.historyLevel).trim().toLowerCase();
  if (level === 'none' || level === 'activity' || level === 'audit' || level === 'full') return level;
  throw new Error(`HISTORY_LEVEL must be one of none, activity, audit, full (got '${value}')`);
}

function logFormat(value: string | undefined, nodeEnv: string | undefined): LogFormat {
  const format = (value || (nodeEnv === 'production' ? 'json' : 'text')).trim().toLowerCase();
  if (format === 'json' || format === 'text') return format;
  throw new Error(`LOG_FORMAT must be json or text (got '${value}')`);
}

function logLevel(value: string | undefined): LogLevelName {
  const level = (value || 'info').trim().toLowerCase();
  const known = LOG_LEVELS.find((l) => l === level);
  if (known) return known;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${value}')`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const d = ENGINE_DEFAULTS;
  return {
    ...d,
    port: num(env.PORT, 8080),
    databaseUrl: env.DATABASE_URL || 'sqlite:./data/engine.sqlite',
    adminUser: env.ADMIN_USER || d.adminUser,
    adminPassword: env.ADMIN_PASSWORD || d.adminPassword,
    authEnabled: bool(env.AUTH_ENABLED, true),
    authorizationEnabled: bool(env.AUTHORIZATION_ENABLED, d.authorizationEnabled),
    historyLevel: historyLevel(env.HISTORY_LEVEL),
    enforceHistoryTimeToLive: bool(env.ENFORCE_HISTORY_TIME_TO_LIVE, d.enforceHistoryTimeToLive),
    authCacheSeconds: num(env.AUTH_CACHE_SECONDS, d.authCacheSeconds),
    logSql: bool(env.LOG_SQL, false),
    logFormat: logFormat(env.LOG_FORMAT, env.NODE_ENV),
    logLevel: logLevel(env.LOG_LEVEL),
    fetchAndLockQueueCapacity: num(env.FETCH_AND_LOCK_QUEUE_CAPACITY, d.fetchAndLockQueueCapacity),
    longPollRecheckMs: num(env.LONG_POLL_RECHECK_MS, d.longPollRecheckMs),
    jobExecutorEnabled: bool(env.JOB_EXECUTOR_ENABLED, d.jobExecutorEnabled),
    jobExecutorPollMs: num(env.JOB_EXECUTOR_POLL_MS, d.jobExecutorPollMs),
    jobExecutorBatchSize: num(env.JOB_EXECUTOR_BATCH_SIZE, d.jobExecutorBatchSize),
    jobExecutorLockTimeMs: num(env.JOB_EXECUTOR_LOCK_TIME_MS, d.jobExecutorLockTimeMs),
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
  };
}
