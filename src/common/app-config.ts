import type { EngineOptions } from '../engine/options';

/**
 * The engine's options plus what only the application uses, as one value. `EngineModule` provides it under
 * `APP_CONFIG` (from its options, for a host application and for the standalone server alike), and the REST side
 * injects it from there; `config/app-config.ts` reads a value of it from the environment for the standalone server.
 */
export interface AppConfig extends EngineOptions {
  port: number;
  databaseUrl: string;
  authEnabled: boolean;
  /** `GET /metrics` without credentials (for scrapers on a trusted network); otherwise it needs them like the API. */
  metricsPublic: boolean;
  /** The web console at `/console/` (static pages that call the REST API with the user's own credentials). */
  consoleEnabled: boolean;
  logSql: boolean;
  /** Bytes a JSON request body may have, except on the routes that carry variables. */
  maxBody: number;
  /** Bytes a JSON body may have on the routes that carry variables, and a binary variable upload. */
  maxVariablesBody: number;
  /** Bytes each file of a deployment upload may have. */
  maxDeploymentFile: number;
  /** How long a graceful shutdown (SIGTERM, SIGINT) may take before the process exits at once. */
  shutdownTimeoutMs: number;
  /** How far V8 lets the heap grow past its live size before collecting (percent; 0: V8's own heuristic). */
  heapGrowingPercent: number;
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
