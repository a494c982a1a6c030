import { DynamicModule, Module } from '@nestjs/common';
import { AppMetrics } from '../../common/metrics/app-metrics';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/** `GET /metrics` over the application's own metrics (exported for the request middleware, which counts HTTP requests). */
@Module({})
export class MetricsModule {
  static forRoot(metrics: AppMetrics): DynamicModule {
    return {
      module: MetricsModule,
      controllers: [MetricsController],
      providers: [{ provide: AppMetrics, useValue: metrics }, MetricsService],
      exports: [AppMetrics],
    };
  }
}
