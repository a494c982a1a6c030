import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './common/app-config';
import { BasicAuthGuard } from './common/auth/basic-auth.guard';
import { CamundaExceptionFilter } from './common/errors/camunda-exception.filter';
import { scopeToControllers } from './common/http/engine-controllers';
import { AppMetrics } from './common/metrics/app-metrics';
import { ConsoleModule } from './console/console.module';
import { EngineModule } from './engine.module';
import { MetricsController } from './modules/metrics/metrics.controller';
import { MetricsModule } from './modules/metrics/metrics.module';

/** The standalone server: the engine with its REST API at /engine-rest, plus Prometheus metrics of its own at /metrics
 * and the web console at /console/. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const metrics = new AppMetrics();
    scopeToControllers([MetricsController], {
      filters: [new CamundaExceptionFilter()],
      guards: [BasicAuthGuard],
      pipes: [],
    });
    return {
      module: AppModule,
      imports: [
        EngineModule.forRoot({ settings: config, metrics: metrics.engine, delegates: false }),
        MetricsModule.forRoot(metrics),
        ...(config.consoleEnabled ? [ConsoleModule] : []),
      ],
    };
  }
}
