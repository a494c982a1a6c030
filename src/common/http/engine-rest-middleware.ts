import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { enginePrefixAt } from './engine-prefix.middleware';
import { jsonBodies, JsonBodyLimits } from './json-body-limits';
import { jsonContentType } from './json-content-type.middleware';

/** Malformed JSON: 400 with Camunda's empty message instead of express's HTML page. */
export function jsonParseErrors(
  err: { type?: string; status?: number },
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (err?.type === 'entity.parse.failed' || err?.type === 'entity.verify.failed') {
    res
      .status(400)
      .type('application/json')
      .send(JSON.stringify({ type: 'InvalidRequestException', message: '', code: null }));
    return;
  }
  if (err?.type === 'entity.too.large') {
    res
      .status(413)
      .type('application/json')
      .send(JSON.stringify({ type: 'InvalidRequestException', message: 'Request entity too large', code: null }));
    return;
  }
  next(err);
}

/** Whether a request goes to the engine's REST API mounted at `root` (express matches paths case-insensitively). */
export function underRoot(root: string, url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0].toLowerCase();
  const base = root.toLowerCase();
  return path === base || path.startsWith(`${base}/`);
}

/**
 * What the REST API needs before routing, in this order: the engine-name prefix, the exact JSON content type,
 * JSON bodies with the engine's limits and Camunda's answers to unreadable or too large bodies. Every handler
 * leaves requests outside `root` alone, so that a host application's own routes keep their parsers and limits.
 */
export function engineRestMiddleware(
  root: string,
  limits: JsonBodyLimits,
): { handlers: RequestHandler[]; errors: typeof jsonParseErrors } {
  const scoped =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      underRoot(root, req.url) ? handler(req, res, next) : next();
  // Where the API is mounted, for the links in answers (`common/http/links.ts`).
  const mark: RequestHandler = (req, _res, next) => {
    Object.assign(req, { engineRoot: root });
    next();
  };
  return {
    handlers: [scoped(mark), scoped(enginePrefixAt(root)), scoped(jsonContentType), scoped(jsonBodies(limits, root))],
    errors: (err, req, res, next) =>
      underRoot(root, (req as Request).originalUrl ?? req.url) ? jsonParseErrors(err, req, res, next) : next(err),
  };
}
