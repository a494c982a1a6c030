import { collectDefaultMetrics, Registry } from 'prom-client';
import { EngineCounters } from './engine-counters';
import { HttpMetrics } from './http-metrics';

/**
 * The metrics of one application, in a registry of its own rather than prom-client's global one: tests run
 * several applications in one process, and each must count only its own work. Node's process metrics
 * (CPU, memory, event loop lag, GC, handles) come with it.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly http = new HttpMetrics(this.registry);
  readonly engine = new EngineCounters(this.registry);

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
