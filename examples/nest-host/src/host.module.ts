import { DynamicModule, Module } from '@nestjs/common';
import { EngineModule, type EngineModuleOptions } from 'camunda7-engine-nest';
import { Audit, OrderService, OrdersController, SendEmail, ShippingWorker } from './orders';

/**
 * The host application: its own controller and providers, and the engine with its REST API at /engine-rest
 * (basic auth as the standalone server). `engine` is what the host reads from its own configuration.
 */
@Module({})
export class HostModule {
  static forRoot(engine: EngineModuleOptions = {}): DynamicModule {
    return {
      module: HostModule,
      imports: [
        EngineModule.forRootAsync({
          basePath: '/engine-rest',
          auth: 'basic',
          useFactory: () => ({
            database: { url: process.env.DATABASE_URL ?? 'sqlite::memory:' },
            historyLevel: 'full',
            ...engine,
            settings: { adminUser: 'demo', adminPassword: 'demo', ...engine.settings },
          }),
        }),
      ],
      controllers: [OrdersController],
      providers: [SendEmail, OrderService, Audit, ShippingWorker],
    };
  }
}
