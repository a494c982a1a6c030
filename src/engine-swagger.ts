import { INestApplication, Type } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { API_ROOT } from './common/http/engine-prefix.middleware';
import { applyCamundaOperationIds } from './common/openapi/camunda-operation-ids';

/**
 * Serves the Swagger UI at `/<path>` and the OpenAPI JSON at `/<path>-json`. Call it on the created application
 * (Swagger reads the routes of the whole application, so it is not something a module can do for itself); a host
 * that documents its own routes too may build one document instead. `root` is the engine's base path: the routes
 * below it get Camunda's operationIds and tags.
 */
export function setupEngineSwagger(
  app: INestApplication,
  path = 'docs',
  include?: Type<unknown>[],
  root: string = API_ROOT,
): void {
  const clean = path.replace(/^\/+|\/+$/g, '');
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Workflow process engine REST API')
      .setDescription('Camunda 7 compatible engine REST API')
      .setVersion('1.4.0')
      .addBasicAuth()
      .addSecurityRequirements('basic')
      .build(),
    include ? { include } : undefined,
  );
  SwaggerModule.setup(clean, app, applyCamundaOperationIds(document, root), {
    jsonDocumentUrl: `${clean}-json`,
    swaggerOptions: { tagsSorter: 'alpha' },
  });
}
