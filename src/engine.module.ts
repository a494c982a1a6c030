import { BeforeApplicationShutdown, DynamicModule, Global, Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { EngineMetrics } from './engine/metrics';
import { ProcessEngine } from './engine/process-engine';
import { dataSourceOptions } from './persistence/data-source';

/**
 * The engine as a Nest dynamic module: a DataSource (migrated at start) and the ProcessEngine
 * facade, global so that every resource module can inject them. Teams that embed the engine
 * import `EngineModule.forRoot(config)` (or the whole `AppModule.forRoot(config)`).
 */
@Global()
@Module({})
export class EngineModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(@Inject(ProcessEngine) private readonly engine: ProcessEngine) {}

  /** `metrics` hears about the engine's committed work (the application's Prometheus counters); by default nobody does. */
  static forRoot(config: AppConfig, metrics?: EngineMetrics): DynamicModule {
    return {
      module: EngineModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions(config.databaseUrl, config.logSql), migrationsRun: true, migrationsTransactionMode: 'each' }),
        }),
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: ProcessEngine, inject: [DataSource], useFactory: (ds: DataSource) => new ProcessEngine(config, ds, metrics) },
      ],
      exports: [APP_CONFIG, ProcessEngine],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.engine.start();
    this.engine.startJobExecutor();
  }

  /** Before TypeORM closes the connection: the job in hand finishes, the executor's locks are released. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.engine.jobExecutor.stop();
  }
}
