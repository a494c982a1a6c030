import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { API_ROOT } from './engine-prefix.middleware';
import { hasFractionalValue, retypeFractionalValues } from './jackson-numbers';

/**
 * The routes whose JSON bodies carry variables (Camunda's `variables`, `processVariables`,
 * `modifications`, a variable value, `errorDetails`), below /engine-rest; `:x` is one path segment.
 * They may be as large as MAX_VARIABLES_BODY; every other JSON body is held to MAX_BODY.
 */
export const VARIABLES_ROUTES: readonly string[] = [
  'POST process-definition/:id/start',
  'POST process-definition/key/:key/start',
  'POST process-definition/key/:key/tenant-id/:tenant/start',
  'POST process-definition/:id/submit-form',
  'POST process-definition/key/:key/submit-form',
  'POST process-definition/key/:key/tenant-id/:tenant/submit-form',
  'POST process-instance/:id/variables',
  'PUT process-instance/:id/variables/:name',
  'POST execution/:id/localVariables',
  'PUT execution/:id/localVariables/:name',
  'POST execution/:id/signal',
  'POST execution/:id/messageSubscriptions/:name/trigger',
  'POST task/:id/complete',
  'POST task/:id/bpmnEscalation',
  'POST task/:id/resolve',
  'POST task/:id/submit-form',
  'POST task/:id/variables',
  'POST task/:id/localVariables',
  'PUT task/:id/variables/:name',
  'PUT task/:id/localVariables/:name',
  'POST external-task/:id/complete',
  'POST external-task/:id/failure',
  'POST external-task/:id/bpmnError',
  'POST message',
  'POST signal',
  'POST condition',
  'POST decision-definition/:id/evaluate',
  'POST decision-definition/key/:key/evaluate',
  'POST decision-definition/key/:key/tenant-id/:tenant/evaluate',
];

interface RoutePattern {
  method: string;
  path: RegExp;
}

/** Express matches routes case-insensitively and with an optional trailing slash; so do these. */
function compile(route: string, root: string): RoutePattern {
  const [method, path] = route.split(' ');
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  return { method, path: new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}/${source}/?$`, 'i') };
}

const PATTERNS = new Map<string, RoutePattern[]>();

function patternsAt(root: string): RoutePattern[] {
  let patterns = PATTERNS.get(root);
  if (!patterns) PATTERNS.set(root, (patterns = VARIABLES_ROUTES.map((route) => compile(route, root))));
  return patterns;
}

/** Whether `path` (below `root`, `/engine-rest` unless the engine is mounted elsewhere) is one of the routes above. */
export function carriesVariables(method: string, path: string, root: string = API_ROOT): boolean {
  return patternsAt(root).some((p) => p.method === method && p.path.test(path));
}

export interface JsonBodyLimits {
  maxBody: number;
  maxVariablesBody: number;
}

/**
 * Parses JSON bodies with the limit of the route. Runs after `enginePrefix`, so that
 * `/engine-rest/engine/default/...` paths are already rewritten to the ones listed above. A body
 * over the limit fails with express's `entity.too.large` before any handler runs.
 */
export function jsonBodies(limits: JsonBodyLimits, root: string = API_ROOT): RequestHandler {
  const type = ['application/json', 'application/*+json'];
  const small = express.json({ limit: limits.maxBody, type });
  const large = express.json({ limit: limits.maxVariablesBody, type, verify: markFractionalValues });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!carriesVariables(req.method, req.path, root)) return small(req, res, next);
    large(req, res, (err?: unknown) => {
      const text = (req as FractionalText)[FRACTIONAL_TEXT];
      if (err || text === undefined) return next(err);
      // The text already parsed once, so it is valid JSON.
      req.body = retypeFractionalValues(text);
      next();
    });
  };
}

const FRACTIONAL_TEXT = Symbol('fractionalText');
type FractionalText = { [FRACTIONAL_TEXT]?: string };

/**
 * Untyped variable values keep Jackson's Double for `5.0` (see jackson-numbers.ts): the text of a body that has one is
 * kept for a second reading. Only UTF-8 bodies (what clients send; body-parser decodes others itself).
 */
function markFractionalValues(req: Request, _res: Response, buf: Buffer, encoding: string): void {
  if (encoding !== 'utf-8' && encoding !== 'utf8') return;
  // The pattern is ASCII: latin1 is the cheaper decoding to test it on.
  if (hasFractionalValue(buf.toString('latin1'))) (req as FractionalText)[FRACTIONAL_TEXT] = buf.toString('utf8');
}
