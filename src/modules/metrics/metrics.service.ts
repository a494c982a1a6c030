import { Injectable } from '@nestjs/common';
import { AppMetrics } from '../../common/metrics/app-metrics';
import { Authentication } from '../../engine/authorization/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { registerEngineGauges } from './engine-gauges';

@Injectable()
export class MetricsService {
  constructor(
    private readonly metrics: AppMetrics,
    private readonly engine: ProcessEngine,
  ) {
    registerEngineGauges(metrics.registry, engine);
  }

  get contentType(): string {
    return this.metrics.registry.contentType;
  }

  /** Every metric in Prometheus's text format, for a caller with READ on SYSTEM (nobody is checked when the endpoint is public). */
  async scrape(auth: Authentication | null): Promise<string> {
    await this.engine.jobs.checkSystemRead(auth);
    return this.metrics.registry.metrics();
  }
}
