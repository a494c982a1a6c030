import { ENGINE_DEFAULTS, HistoryLevel } from '../engine/options';
import { AppConfig, LOG_LEVELS, LogFormat, LogLevelName } from '../common/app-config';
import { byteSize } from './byte-size';

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

/** Unset, empty or `unlimited`: no limit, as Camunda's default. */
function maxResultsLimit(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '' || value.trim().toLowerCase() === 'unlimited')
    return ENGINE_DEFAULTS.queryMaxResultsLimit;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 0 || limit >= 2 ** 31 - 1) {
    throw new Error(`QUERY_MAX_RESULTS must be a whole number from 0 to 2147483646, or 'unlimited' (got '${value}')`);
  }
  return limit;
}

/** `type=days,type=days`: the history time to live of single batch types. */
function ttlByType(value: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [type, days] = part.split('=').map((p) => p.trim());
    const n = Number(days);
    if (!type || !Number.isInteger(n) || n < 0)
      throw new Error(`BATCH_HISTORY_TTL_BY_TYPE must list type=days pairs (got '${part}')`);
    out[type] = n;
  }
  return out;
}

function heapGrowingPercent(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 50;
  const percent = Number(value);
  if (!Number.isInteger(percent) || percent < 0 || percent > 1000) {
    throw new Error(`HEAP_GROWING_PERCENT must be a whole number from 0 to 1000 (got '${value}')`);
  }
  return percent;
}

function logFormat(value: string | undefined, nodeEnv: string | undefined): LogFormat {
  const format = (value || (nodeEnv === 'production' ? 'json' : 'text')).trim().toLowerCase();
  if (format === 'json' || format === 'text') return format;
  throw new Error(`LOG_FORMAT must be json or text (got '${value}')`);
}

function taskPermission(value: string | undefined): 'UPDATE' | 'TASK_WORK' {
  const permission = (value || ENGINE_DEFAULTS.defaultUserPermissionForTask).trim().toUpperCase();
  if (permission === 'UPDATE' || permission === 'TASK_WORK') return permission;
  throw new Error(`DEFAULT_USER_PERMISSION_FOR_TASK must be UPDATE or TASK_WORK (got '${value}')`);
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
    metricsPublic: bool(env.METRICS_PUBLIC, false),
    consoleEnabled: bool(env.CONSOLE_ENABLED, true),
    authorizationEnabled: bool(env.AUTHORIZATION_ENABLED, d.authorizationEnabled),
    tenantCheckEnabled: bool(env.TENANT_CHECK_ENABLED, d.tenantCheckEnabled),
    defaultUserPermissionForTask: taskPermission(env.DEFAULT_USER_PERMISSION_FOR_TASK),
    historyLevel: historyLevel(env.HISTORY_LEVEL),
    enforceHistoryTimeToLive: bool(env.ENFORCE_HISTORY_TIME_TO_LIVE, d.enforceHistoryTimeToLive),
    authCacheSeconds: num(env.AUTH_CACHE_SECONDS, d.authCacheSeconds),
    passwordPolicyEnabled: bool(env.PASSWORD_POLICY_ENABLED, d.passwordPolicyEnabled),
    loginMaxAttempts: num(env.LOGIN_MAX_ATTEMPTS, d.loginMaxAttempts),
    loginDelayFactor: num(env.LOGIN_DELAY_FACTOR, d.loginDelayFactor),
    loginDelayBase: num(env.LOGIN_DELAY_BASE, d.loginDelayBase),
    loginDelayMaxTime: num(env.LOGIN_DELAY_MAX_TIME, d.loginDelayMaxTime),
    logSql: bool(env.LOG_SQL, false),
    shutdownTimeoutMs: num(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    heapGrowingPercent: heapGrowingPercent(env.HEAP_GROWING_PERCENT),
    logFormat: logFormat(env.LOG_FORMAT, env.NODE_ENV),
    logLevel: logLevel(env.LOG_LEVEL),
    fetchAndLockQueueCapacity: num(env.FETCH_AND_LOCK_QUEUE_CAPACITY, d.fetchAndLockQueueCapacity),
    longPollRecheckMs: num(env.LONG_POLL_RECHECK_MS, d.longPollRecheckMs),
    jobExecutorEnabled: bool(env.JOB_EXECUTOR_ENABLED, d.jobExecutorEnabled),
    jobExecutorPollMs: num(env.JOB_EXECUTOR_POLL_MS, d.jobExecutorPollMs),
    jobExecutorBatchSize: num(env.JOB_EXECUTOR_BATCH_SIZE, d.jobExecutorBatchSize),
    jobExecutorLockTimeMs: num(env.JOB_EXECUTOR_LOCK_TIME_MS, d.jobExecutorLockTimeMs),
    metricsReportIntervalMs: num(env.METRICS_REPORT_INTERVAL_SECONDS, d.metricsReportIntervalMs / 1000) * 1000,
    metricsReporterId: env.METRICS_REPORTER_ID?.trim() || d.metricsReporterId,
    jobExecutorAcquireByPriority: bool(env.JOB_EXECUTOR_ACQUIRE_BY_PRIORITY, d.jobExecutorAcquireByPriority),
    batchJobsPerSeed: num(env.BATCH_JOBS_PER_SEED, d.batchJobsPerSeed),
    invocationsPerBatchJob: num(env.BATCH_INVOCATIONS_PER_JOB, d.invocationsPerBatchJob),
    batchPollMs: num(env.BATCH_POLL_MS, d.batchPollMs),
    batchHistoryTimeToLive: env.BATCH_HISTORY_TTL_DAYS ? num(env.BATCH_HISTORY_TTL_DAYS, 0) : d.batchHistoryTimeToLive,
    batchHistoryTimeToLiveByType: ttlByType(env.BATCH_HISTORY_TTL_BY_TYPE),
    historyCleanupWindow: env.HISTORY_CLEANUP_WINDOW?.trim() || d.historyCleanupWindow,
    historyCleanupBatchSize: num(env.HISTORY_CLEANUP_BATCH_SIZE, d.historyCleanupBatchSize),
    historyCleanupDegreeOfParallelism: num(
      env.HISTORY_CLEANUP_DEGREE_OF_PARALLELISM,
      d.historyCleanupDegreeOfParallelism,
    ),
    queryMaxResultsLimit: maxResultsLimit(env.QUERY_MAX_RESULTS),
    scriptsEnabled: bool(env.SCRIPTS_ENABLED, d.scriptsEnabled),
    scriptTimeoutMs: num(env.SCRIPT_TIMEOUT_MS, d.scriptTimeoutMs),
    scriptMemoryLimitMb: num(env.SCRIPT_MEMORY_LIMIT_MB, d.scriptMemoryLimitMb),
    scriptWorkers: num(env.SCRIPT_WORKERS, d.scriptWorkers),
    maxBody: byteSize('MAX_BODY', env.MAX_BODY, 1024 ** 2),
    maxVariablesBody: byteSize('MAX_VARIABLES_BODY', env.MAX_VARIABLES_BODY, 10 * 1024 ** 2),
    maxDeploymentFile: byteSize('MAX_DEPLOYMENT_FILE', env.MAX_DEPLOYMENT_FILE, 50 * 1024 ** 2),
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
  };
}
