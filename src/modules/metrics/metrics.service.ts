import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppMetrics } from '../../common/metrics/app-metrics';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { registerEngineGauges } from './engine-gauges';

@Injectable()
export class MetricsService implements OnApplicationShutdown {
  constructor(
    private readonly metrics: AppMetrics,
    private readonly engine: ProcessEngine,
  ) {
    registerEngineGauges(metrics.registry, engine);
  }

  /**
   * prom-client's default metrics keep a GC observer for the life of the process, and it references the
   * registry: without emptying it, every closed application (its engine, data source and entity metadata) stayed
   * in memory, about 0.4 MB each, in hosts and test suites that open and close applications.
   */
  onApplicationShutdown(): void {
    this.metrics.registry.clear();
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
