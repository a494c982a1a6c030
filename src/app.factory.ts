import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { CamundaExceptionFilter } from './common/errors/camunda-exception.filter';
import { jsonContentType } from './common/http/json-content-type.middleware';
import { AppLogging } from './common/logging/logging.module';
import { AppMetrics } from './common/metrics/app-metrics';
import type { AppConfig } from './common/app-config';
import { setupEngineSwagger } from './engine-swagger';

/** Builds the configured Nest application (used by main.ts, the tests and the benchmarks); `logLevels` overrides LOG_LEVEL. */
export async function createApp(config: AppConfig, logLevels?: LogLevel[] | false): Promise<INestApplication> {
  const logging = new AppLogging(config, logLevels);
  // abortOnError false: a failed start (database unreachable, a migration failing) rejects here instead of
  // Nest calling process.exit, so main.ts reports it and an embedding test runner sees one failed file.
  const app = await NestFactory.create<NestExpressApplication>(logging.around(AppModule.forRoot(config)), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  logging.attach(app, app.get(AppMetrics).http);
  // The engine's module scopes its middleware, filter, guard and pipe to its own routes; as the only host here,
  // the server also gives every other answer (health, metrics, unknown paths) the exact JSON type and Camunda's error
  // shape.
  app.use(jsonContentType);
  app.set('query parser', 'simple');
  // Camunda's REST API sends neither: no SHA-1 of every response body for an ETag no client of it asks for, no
  // framework banner.
  app.set('etag', false);
  app.disable('x-powered-by');
  app.useGlobalFilters(new CamundaExceptionFilter());

  setupEngineSwagger(app, 'docs');
  return app;
}
