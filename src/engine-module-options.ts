import type { CanActivate, ModuleMetadata, Type } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { AppConfig } from './common/app-config';
import { loadConfig } from './config/app-config';
import type { DelegateRegistry } from './engine/options';
import type { EngineMetrics } from './engine/metrics';
import type { HistoryLevel } from './engine/options';

/**
 * Where the engine keeps its tables: a database URL of its own, or the host's TypeORM DataSource
 * (see docs/embedding.md).
 */
export type EngineDatabase = { url: string; logSql?: boolean } | { dataSource: DataSource };

/** `basic`: Camunda's basic authentication against the engine's users (default); `none`: no authentication; or the host's own guard. */
export type EngineAuth = 'basic' | 'none' | { guard: CanActivate | Type<CanActivate> };

/** What `EngineModule.forRoot` is told; everything is optional and falls back to the defaults of the standalone server. */
export interface EngineModuleOptions {
  database?: EngineDatabase;
  /** Camunda's permission checks (default on). */
  authorization?: boolean;
  historyLevel?: HistoryLevel;
  /** Whether this process runs jobs (default on), optionally with its timings. */
  jobExecutor?: boolean | { enabled?: boolean; pollMs?: number; batchSize?: number; lockTimeMs?: number };
  /**
   * Host objects by name for delegate expressions, camunda:class and bean expressions (besides `@ProcessDelegate`
   * providers); `false`: no host code at all, models naming code are refused as by the standalone server.
   */
  delegates?: Record<string, object> | false;
  /** Any other setting of the standalone server's configuration (admin user, body limits, long polling...). */
  settings?: Partial<AppConfig>;
  /** Told about the engine's committed work (the standalone server's Prometheus counters). */
  metrics?: EngineMetrics;
}

/** Options only `forRoot` can take: they shape routes and guards, which exist before any factory runs. */
export interface EngineRoutingOptions {
  /** Where the REST API answers (default `/engine-rest`); `false` mounts no REST API at all. */
  basePath?: string | false;
  auth?: EngineAuth;
  /**
   * Swagger UI of the engine's routes at `/<path>` and their OpenAPI JSON at `/<path>-json` (default: none; the host's
   * own routes are not in it). A host that documents its routes and the engine's in one document calls
   * `setupEngineSwagger` instead.
   */
  swagger?: false | { path: string };
}

export type EngineModuleRootOptions = EngineModuleOptions & EngineRoutingOptions;

export interface EngineModuleAsyncOptions extends EngineRoutingOptions, Pick<ModuleMetadata, 'imports'> {
  useFactory: (...args: never[]) => EngineModuleOptions | Promise<EngineModuleOptions>;
  inject?: (string | symbol | Type<unknown>)[];
}

export const ENGINE_MODULE_OPTIONS = Symbol('ENGINE_MODULE_OPTIONS');
export const DELEGATE_REGISTRY = Symbol('DELEGATE_REGISTRY');

/** The whole configuration, as the standalone server's environment would give it, but never read from the environment. */
export function engineAppConfig(options: EngineModuleOptions, auth: EngineAuth | undefined): AppConfig {
  const jobs = typeof options.jobExecutor === 'object' ? options.jobExecutor : { enabled: options.jobExecutor };
  const database = options.database;
  return loadConfig(
    {},
    {
      ...options.settings,
      databaseUrl: database && 'url' in database ? database.url : options.settings?.databaseUrl,
      logSql: database && 'url' in database ? database.logSql : options.settings?.logSql,
      authEnabled: auth === undefined ? options.settings?.authEnabled : auth === 'basic',
      authorizationEnabled: options.authorization ?? options.settings?.authorizationEnabled,
      historyLevel: options.historyLevel ?? options.settings?.historyLevel,
      jobExecutorEnabled: jobs.enabled ?? options.settings?.jobExecutorEnabled,
      jobExecutorPollMs: jobs.pollMs ?? options.settings?.jobExecutorPollMs,
      jobExecutorBatchSize: jobs.batchSize ?? options.settings?.jobExecutorBatchSize,
      jobExecutorLockTimeMs: jobs.lockTimeMs ?? options.settings?.jobExecutorLockTimeMs,
    },
  );
}

/** A registry the Nest side fills with `@ProcessDelegate` providers before the engine starts; options' delegates first. */
export class MapDelegateRegistry implements DelegateRegistry {
  private readonly objects = new Map<string, object>();

  constructor(initial: Record<string, object> = {}) {
    for (const [name, object] of Object.entries(initial)) this.objects.set(name, object);
  }

  register(name: string, object: object): void {
    const existing = this.objects.get(name);
    if (existing && existing !== object) throw new Error(`Two delegates are registered under the name '${name}'`);
    this.objects.set(name, object);
  }

  get(name: string): object | undefined {
    return this.objects.get(name);
  }

  has(name: string): boolean {
    return this.objects.has(name);
  }
}
