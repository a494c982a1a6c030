import { Counter, Histogram, Registry } from 'prom-client';

/** The route label of requests no endpoint matched (unknown paths, refusals before routing): one value, not one per path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Requests by route template, method and status, and their latency. Fed by the request middleware
 * (`common/logging/request-logging.ts`), which knows all three when the response is finished.
 */
export class HttpMetrics {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(registry: Registry) {
    const labelNames = ['method', 'route', 'status'] as const;
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route template, method and status',
      labelNames,
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to finishing its response, by route template, method and status',
      labelNames,
      registers: [registry],
    });
  }

  /** `route` is the template (`/engine-rest/task/:id/claim`), null when no endpoint matched. */
  record(method: string, route: string | null, status: number, seconds: number): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE, status };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }
}
