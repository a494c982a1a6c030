import { DynamicModule, INestApplication, LogLevel, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { version } from '../../../package.json';
import type { AppConfig } from '../app-config';
import type { HttpMetrics } from '../metrics/http-metrics';
import { API_ROOT } from '../http/engine-prefix.middleware';
import { AppLogger } from './app-logger';
import { requestLogging } from './request-logging';
import { createRootLogger, effectiveLevel, LogSettings } from './root-logger';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * Makes the application's pino logger Nest's logger. The request middleware itself is installed by the app
 * factory ahead of every other middleware (`useExisting`), so that requests refused before routing get an id
 * and a line too. nestjs-pino's own middleware, which would bind each request's child logger to an
 * AsyncLocalStorage for every log written while the request runs, is left out (no routes): the one log written
 * during requests, the exception filter's, takes the request's logger (`req.log`) itself, and the binding cost a
 * storage context and a router layer on every request. nestjs-pino keeps the logger for logs outside requests
 * once per process: one application per process.
 */
@Module({})
export class LoggingModule {
  static forRoot(root: Logger): DynamicModule {
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { logger: root }, useExisting: true, forRoutes: [] })],
      providers: [AppLogger, { provide: ROOT_LOGGER, useValue: root }],
      exports: [AppLogger, ROOT_LOGGER],
    };
  }
}

@Module({})
class LoggedAppModule {}

/** The app factory's side of logging: one pino logger for Nest's logs and the request lines. */
export class AppLogging {
  private readonly root: Logger;

  /** `logLevels` (Nest's names) overrides `LOG_LEVEL`: the tests pass `['error']` to stay quiet. */
  constructor(config: LogSettings, logLevels?: LogLevel[] | false) {
    this.root = createRootLogger(config, effectiveLevel(config, logLevels));
  }

  /** The application module with the logger beside it. Create the app with `bufferLogs` so that nothing is printed before `attach`. */
  around(appModule: DynamicModule): DynamicModule {
    return { module: LoggedAppModule, imports: [appModule, LoggingModule.forRoot(this.root)] };
  }

  /**
   * Call first thing after creating the app: the request middleware must come before every other one. It also
   * feeds the HTTP metrics, since it is where method, route template, status and duration meet anyway.
   */
  attach(app: INestApplication, metrics: HttpMetrics | null = null): void {
    app.useLogger(app.get(AppLogger));
    // Nest flushes the start-up buffer only in listen(); without this, tests (init() alone) would log nothing.
    app.flushLogs();
    app.use(requestLogging(this.root, metrics));
  }
}

/** The one start-up line (instead of Nest's route dump); the database password is masked. */
export function logStarted(app: INestApplication, config: Pick<AppConfig, 'port' | 'databaseUrl'>): void {
  const database = config.databaseUrl.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@');
  app
    .get<Logger>(ROOT_LOGGER)
    .info(
      { port: config.port, database, basePath: API_ROOT, version },
      `Engine REST API on http://localhost:${config.port}${API_ROOT} (Swagger UI /docs)`,
    );
}
