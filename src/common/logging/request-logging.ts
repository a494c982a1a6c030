import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Logger } from 'pino';
import type { HttpMetrics } from '../metrics/http-metrics';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Paths whose requests are answered but neither logged nor counted in the HTTP metrics: probes and scrapes
 * that would otherwise fill the log every few seconds (Prometheus times its scrapes itself).
 */
export const QUIET_PATH_PREFIXES: readonly string[] = ['/health', '/metrics'];

/** A caller's id is kept only when it is short and plain, so that it cannot forge log lines or bloat them. */
const ACCEPTABLE_ID = /^[\w.:@/+=-]{1,128}$/;

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The route template Nest registered (`/engine-rest/task/:id/claim`): bounded, unlike paths with ids in them. */
function routeOf(req: IncomingMessage): string | null {
  const r = req as Request;
  return r.route?.path ? `${r.baseUrl ?? ''}${String(r.route.path)}` : null;
}

/**
 * First middleware of the application: gives every request its id (echoed in the response) and its child
 * logger (`req.log`, which the exception filter writes through), and when the
 * response is done writes one line at info (so that `LOG_LEVEL=warn` switches request lines off) and counts
 * it in `metrics`. Errors are logged by the exception filter, which knows whether they are ours.
 */
export function requestLogging(
  root: Logger,
  metrics: HttpMetrics | null = null,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const id = requestId(req, res);
    const log = root.child({ requestId: id });
    Object.assign(req, { id, log });
    const logged = root.isLevelEnabled('info');
    if ((logged || metrics) && !QUIET_PATH_PREFIXES.some((prefix) => req.url?.startsWith(prefix))) {
      const start = performance.now();
      res.once('finish', () => {
        const ms = performance.now() - start;
        const route = routeOf(req);
        metrics?.record(req.method ?? '', route, res.statusCode, ms / 1000);
        if (logged)
          log.info(
            { method: req.method, route, status: res.statusCode, durationMs: Math.round(ms) },
            'request completed',
          );
      });
    }
    next();
  };
}
