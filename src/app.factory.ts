import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module';
import { CamundaExceptionFilter } from './common/errors/camunda-exception.filter';
import { enginePrefix } from './common/http/engine-prefix.middleware';
import { jsonBodies } from './common/http/json-body-limits';
import { jsonContentType } from './common/http/json-content-type.middleware';
import { AppLogging } from './common/logging/logging.module';
import { AppMetrics } from './common/metrics/app-metrics';
import { AppConfig } from './config/app-config';
import { BodyValidationPipe } from './common/validation/body-validation.pipe';
import { HEALTH_PATHS } from './modules/health/health.controller';
import { METRICS_PATH } from './modules/metrics/metrics.controller';

/** Malformed JSON: 400 with Camunda's empty message instead of express's HTML page. */
function jsonParseErrors(err: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction): void {
  if (err?.type === 'entity.parse.failed' || err?.type === 'entity.verify.failed') {
    res
      .status(400)
      .type('application/json')
      .send(JSON.stringify({ type: 'InvalidRequestException', message: '', code: null }));
    return;
  }
  if (err?.type === 'entity.too.large') {
    res
      .status(413)
      .type('application/json')
      .send(JSON.stringify({ type: 'InvalidRequestException', message: 'Request entity too large', code: null }));
    return;
  }
  next(err);
}

/** Builds the configured Nest application (used by main.ts, the tests and the benchmarks); `logLevels` overrides LOG_LEVEL. */
export async function createApp(config: AppConfig, logLevels?: LogLevel[] | false): Promise<INestApplication> {
  const logging = new AppLogging(config, logLevels);
  const app = await NestFactory.create<NestExpressApplication>(logging.around(AppModule.forRoot(config)), { bodyParser: false, bufferLogs: true });
  logging.attach(app, app.get(AppMetrics).http);
  app.use(enginePrefix);
  app.use(jsonContentType);
  app.use(jsonBodies(config));
  app.use(jsonParseErrors);
  app.set('query parser', 'simple');
  app.setGlobalPrefix('engine-rest', { exclude: [...HEALTH_PATHS, METRICS_PATH] });
  app.useGlobalFilters(new CamundaExceptionFilter());
  app.useGlobalPipes(new BodyValidationPipe());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Workflow process engine REST API')
      .setDescription('Camunda 7 compatible engine REST API')
      .setVersion('1.4.0')
      .addBasicAuth()
      .addSecurityRequirements('basic')
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
  return app;
}
