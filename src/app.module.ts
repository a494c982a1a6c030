import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { AuthModule } from './common/auth/auth.module';
import { AppMetrics } from './common/metrics/app-metrics';
import { EngineModule } from './engine.module';
import { RESOURCE_MODULES } from './modules';
import { MetricsModule } from './modules/metrics/metrics.module';

/** The whole REST application: the engine plus every resource module, with metrics of its own. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const metrics = new AppMetrics();
    return { module: AppModule, imports: [EngineModule.forRoot(config, metrics.engine), AuthModule, MetricsModule.forRoot(metrics), ...RESOURCE_MODULES] };
  }
}
