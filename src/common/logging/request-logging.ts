import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Paths whose requests are answered but not logged: probes that would otherwise fill the log every few seconds. */
export const QUIET_PATH_PREFIXES: readonly string[] = ['/health'];

/** A caller's id is kept only when it is short and plain, so that it cannot forge log lines or bloat them. */
const ACCEPTABLE_ID = /^[\w.:@/+=-]{1,128}$/;

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Where nestjs-pino binds each request's logger (Nest 11's spelling of "everything"; `*` draws a warning). */
export const BIND_PATH = '{*path}';

/**
 * The route template Nest registered (`/engine-rest/task/:id/claim`): bounded, unlike paths with ids in them.
 * Nest registers the binding middleware as a route too; when it is all that matched, no endpoint did.
 */
function routeOf(req: IncomingMessage): string | null {
  const r = req as Request;
  const path = r.route?.path ? String(r.route.path) : null;
  return path && !path.endsWith(BIND_PATH) ? `${r.baseUrl ?? ''}${path}` : null;
}

function requestLine(req: IncomingMessage, res: ServerResponse, durationMs: number): object {
  return { method: req.method, route: routeOf(req), status: res.statusCode, durationMs };
}

/**
 * First middleware of the application: gives every request its id (echoed in the response) and its child
 * logger (`req.log`, which nestjs-pino binds for the logs written while the request runs), and writes one line
 * when the response is done, at info, so that `LOG_LEVEL=warn` switches request lines off. Errors are logged
 * by the exception filter, which knows whether they are ours.
 */
export function requestLogging(root: Logger): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const id = requestId(req, res);
    const log = root.child({ requestId: id });
    Object.assign(req, { id, log });
    if (root.isLevelEnabled('info') && !QUIET_PATH_PREFIXES.some((prefix) => req.url?.startsWith(prefix))) {
      const start = Date.now();
      res.once('finish', () => log.info(requestLine(req, res, Date.now() - start), 'request completed'));
    }
    next();
  };
}
