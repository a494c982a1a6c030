import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

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

function requestLine(req: IncomingMessage, res: ServerResponse, fields: object): object {
  const { responseTime } = fields as { responseTime: number };
  return { method: req.method, route: routeOf(req), status: res.statusCode, durationMs: responseTime };
}

/**
 * First middleware of the application: gives every request its id (echoed in the response) and writes one
 * line when the response is done, at info, so that `LOG_LEVEL=warn` switches request lines off. Errors are
 * logged by the exception filter, which knows whether they are ours.
 */
export function requestLogging(root: Logger) {
  return pinoHttp({
    logger: root,
    genReqId: requestId,
    customAttributeKeys: { reqId: 'requestId' },
    // Bind only the id: pino-http would otherwise serialize the whole request, headers and credentials included.
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
    customSuccessObject: requestLine,
    customErrorObject: (req, res, _err, fields) => requestLine(req, res, fields),
    customErrorMessage: () => 'request completed',
    autoLogging: { ignore: (req) => QUIET_PATH_PREFIXES.some((prefix) => req.url?.startsWith(prefix)) },
  });
}
