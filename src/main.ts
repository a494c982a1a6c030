import 'reflect-metadata';
import { createApp } from './app.factory';
import { logStarted } from './common/logging/logging.module';
import { loadConfig } from './config/app-config';
import { limitHeapGrowth } from './heap-growth';
import { enableGracefulShutdown } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  limitHeapGrowth(config.heapGrowingPercent);
  const app = await createApp(config);
  await app.listen(config.port);
  enableGracefulShutdown(app, config.shutdownTimeoutMs);
  logStarted(app, config);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
