import {
  BeforeApplicationShutdown,
  DynamicModule,
  Global,
  Inject,
  MiddlewareConsumer,
  Module,
  NestModule,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
  Provider,
  Type,
} from '@nestjs/common';
import { DiscoveryModule, HttpAdapterHost, ModuleRef, RouterModule } from '@nestjs/core';
import { INestApplication } from '@nestjs/common';
import { setupEngineSwagger } from './engine-swagger';
import { DataSource } from 'typeorm';
import { BasicAuthGuard } from './common/auth/basic-auth.guard';
import { CamundaExceptionFilter } from './common/errors/camunda-exception.filter';
import { controllersOf, scopeToControllers } from './common/http/engine-controllers';
import { API_ROOT } from './common/http/engine-prefix.middleware';
import { engineRestMiddleware } from './common/http/engine-rest-middleware';
import { BodyValidationPipe } from './common/validation/body-validation.pipe';
import { APP_CONFIG, AppConfig } from './common/app-config';
import { DelegateDiscovery } from './delegates/delegate-discovery';
import {
  ENGINE_MODULE_OPTIONS,
  engineAppConfig,
  EngineModuleAsyncOptions,
  EngineModuleOptions,
  EngineModuleRootOptions,
  EngineRoutingOptions,
  MapDelegateRegistry,
  DELEGATE_REGISTRY,
} from './engine-module-options';
import { ProcessEngine } from './engine/process-engine';
import { RESOURCE_MODULES } from './modules';
import { HealthModule } from './modules/health/health.module';
import { dataSourceOptions } from './persistence/data-source';
import { ENTITIES } from './persistence/entities';
import { MIGRATIONS } from './persistence/migrations';
import { readCommittedSessions } from './persistence/mysql-sessions';

/** The engine's DataSource (its own, or the host's); a token of its own so that a host's TypeORM setup is left alone. */
export const ENGINE_DATA_SOURCE = Symbol('ENGINE_DATA_SOURCE');
const ENGINE_ROUTING = Symbol('ENGINE_ROUTING');
/** Whether the engine created its DataSource (and so destroys it at shutdown). */
const OWNS_DATA_SOURCE = new WeakSet<DataSource>();

/** Opens the engine's own database, or brings the host's DataSource up to the engine's schema. */
async function openEngineDataSource(options: EngineModuleOptions, config: AppConfig): Promise<DataSource> {
  const given = options.database && 'dataSource' in options.database ? options.database.dataSource : null;
  if (given) {
    const migrations = Array.isArray(given.options.migrations) ? (given.options.migrations as unknown[]) : [];
    if (!MIGRATIONS.every((m) => migrations.includes(m))) {
      throw new Error(
        "The host's DataSource needs the engine's migrations: add ENGINE_MIGRATIONS to its migrations (and ENGINE_ENTITIES to its entities)",
      );
    }
    if (!given.isInitialized) await given.initialize();
    if (!ENTITIES.every((entity) => given.hasMetadata(entity)))
      throw new Error("The host's DataSource needs the engine's entities: add ENGINE_ENTITIES to its entities");
    await given.runMigrations({ transaction: 'each' });
    return given;
  }
  const ds = new DataSource({
    ...dataSourceOptions(config.databaseUrl, config.logSql),
    migrationsTransactionMode: 'each',
  });
  await ds.initialize();
  OWNS_DATA_SOURCE.add(ds);
  await readCommittedSessions(ds);
  await ds.runMigrations({ transaction: 'each' });
  return ds;
}

/** The REST resource modules mounted below the base path; the health probes stay at the root. */
const MOUNTED_MODULES = RESOURCE_MODULES.filter((m) => m !== HealthModule);

/**
 * The engine as a Nest dynamic module: its DataSource (migrated at start), the ProcessEngine facade (global,
 * for the resource modules and for host code), and, unless `basePath: false`, the Camunda REST API with
 * everything it needs registered here and scoped to its own routes: body parsing with the engine's limits,
 * the engine-name prefix and the exact JSON content type (middleware for the base path only), the Camunda
 * error answers, authentication and body validation (on the engine's controllers only). A host application
 * imports `EngineModule.forRoot(options)` or `forRootAsync(...)`; the standalone server is such a host.
 */
@Global()
@Module({})
export class EngineModule
  implements NestModule, OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  constructor(
    @Inject(ProcessEngine) private readonly engine: ProcessEngine,
    @Inject(ENGINE_ROUTING) private readonly routing: Required<EngineRoutingOptions>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly moduleRef: ModuleRef,
  ) {}

  static forRoot(options: EngineModuleRootOptions = {}): DynamicModule {
    return EngineModule.build(options, [{ provide: ENGINE_MODULE_OPTIONS, useValue: options }], []);
  }

  /** Options from a factory (e.g. from the host's ConfigService); base path and auth are given beside it. */
  static forRootAsync(options: EngineModuleAsyncOptions): DynamicModule {
    const { useFactory, inject, imports, ...routing } = options;
    return EngineModule.build(
      routing,
      [{ provide: ENGINE_MODULE_OPTIONS, useFactory, inject: inject ?? [] }],
      imports ?? [],
    );
  }

  private static build(
    routing: EngineRoutingOptions,
    optionsProviders: Provider[],
    imports: NonNullable<EngineModuleAsyncOptions['imports']>,
  ): DynamicModule {
    // `engine-rest`, `/engine-rest/` and `/engine-rest` are one base path; the middleware compares with the latter.
    const basePath =
      routing.basePath === false ? false : `/${(routing.basePath ?? API_ROOT).replace(/^\/+|\/+$/g, '')}`;
    const resolved: Required<EngineRoutingOptions> = {
      basePath,
      auth: routing.auth ?? 'basic',
      swagger: routing.swagger ?? false,
    };
    const auth = routing.auth;
    const providers: Provider[] = [
      ...optionsProviders,
      { provide: ENGINE_ROUTING, useValue: resolved },
      {
        provide: APP_CONFIG,
        inject: [ENGINE_MODULE_OPTIONS],
        useFactory: (o: EngineModuleOptions) => engineAppConfig(o, auth),
      },
      {
        provide: DELEGATE_REGISTRY,
        inject: [ENGINE_MODULE_OPTIONS],
        useFactory: (o: EngineModuleOptions) => (o.delegates === false ? null : new MapDelegateRegistry(o.delegates)),
      },
      {
        provide: ENGINE_DATA_SOURCE,
        inject: [ENGINE_MODULE_OPTIONS, APP_CONFIG],
        useFactory: (o: EngineModuleOptions, config: AppConfig) => openEngineDataSource(o, config),
      },
      {
        provide: ProcessEngine,
        inject: [ENGINE_MODULE_OPTIONS, APP_CONFIG, ENGINE_DATA_SOURCE, DELEGATE_REGISTRY],
        useFactory: (
          o: EngineModuleOptions,
          config: AppConfig,
          ds: DataSource,
          delegates: MapDelegateRegistry | null,
        ) => new ProcessEngine({ ...config, delegates }, ds, o.metrics),
      },
      DelegateDiscovery,
    ];
    const modules: Type<unknown>[] = basePath === false ? [] : [...MOUNTED_MODULES, HealthModule];
    if (basePath !== false) {
      const guard = typeof resolved.auth === 'object' ? resolved.auth.guard : BasicAuthGuard;
      scopeToControllers(modules.flatMap(controllersOf), {
        filters: [CAMUNDA_FILTER],
        guards: [guard],
        pipes: [BODY_PIPE],
      });
    }
    return {
      module: EngineModule,
      imports: [
        ...imports,
        DiscoveryModule,
        ...modules,
        ...(basePath === false
          ? []
          : [RouterModule.register(MOUNTED_MODULES.map((module) => ({ path: basePath, module })))]),
      ],
      providers,
      exports: [APP_CONFIG, ProcessEngine, ENGINE_DATA_SOURCE, DELEGATE_REGISTRY],
    };
  }

  /** The REST API's middleware, put straight on the HTTP adapter now, ahead of every route; each handler ignores other paths. */
  configure(_consumer: MiddlewareConsumer): void {
    if (this.routing.basePath === false) return;
    const adapter = this.adapterHost.httpAdapter;
    if (!adapter) return;
    const { handlers, errors } = engineRestMiddleware(this.routing.basePath, this.config);
    for (const handler of handlers) adapter.use(handler);
    adapter.use(errors);
  }

  /**
   * The `swagger` option. Swagger reads routes from the application, which a module is not given: it gets the
   * application's container through its ModuleRef and its HTTP adapter, and scans the engine's REST modules only.
   * Now, because the routes are registered and the adapter's not-found handler is not yet.
   */
  onModuleInit(): void {
    const { swagger, basePath } = this.routing;
    const adapter = this.adapterHost.httpAdapter;
    if (!swagger || basePath === false || !adapter) return;
    const container = (this.moduleRef as unknown as { container: { applicationConfig: unknown } }).container;
    const app = {
      container,
      config: container.applicationConfig,
      getHttpAdapter: () => adapter,
      useStaticAssets: (path: string, options: object) =>
        (adapter as unknown as { useStaticAssets: (p: string, o: object) => void }).useStaticAssets(path, options),
    } as unknown as INestApplication;
    setupEngineSwagger(app, swagger.path, MOUNTED_MODULES, basePath);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.engine.start();
    this.engine.startJobExecutor();
  }

  /** Before the connection closes: the job in hand finishes, the executor's locks are released. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.engine.jobExecutor.stop();
    await this.engine.externalTasks.close();
  }

  /** The engine lets go of its worker threads and async context; the data source closes if the module opened it. */
  async onApplicationShutdown(): Promise<void> {
    await this.engine.release();
    const ds = this.engine.dataSource;
    if (OWNS_DATA_SOURCE.has(ds) && ds.isInitialized) await ds.destroy();
  }
}

const CAMUNDA_FILTER = new CamundaExceptionFilter();
const BODY_PIPE = new BodyValidationPipe();
