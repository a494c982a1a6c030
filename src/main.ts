import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';
import { enableGracefulShutdown } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port);
  enableGracefulShutdown(app, config.shutdownTimeoutMs);
  const db = config.databaseUrl.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@');
  new Logger('Bootstrap').log(`Engine REST API on http://localhost:${config.port}/engine-rest (Swagger UI /docs), database ${db}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
