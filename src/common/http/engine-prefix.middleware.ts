import type { NextFunction, Request, Response } from 'express';

export const API_ROOT = '/engine-rest';
export const ENGINE_NAME = 'default';

/**
 * Every resource also answers under `/engine-rest/engine/{name}/...`: the named path is rewritten to
 * the default one before routing. Only the engine `default` exists; other names are a 404.
 * `GET /engine-rest/engine` itself (the engine list) is left alone.
 */
export function enginePrefixAt(root: string): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => rewrite(root, req, res, next);
}

export const enginePrefix = enginePrefixAt(API_ROOT);

function rewrite(root: string, req: Request, res: Response, next: NextFunction): void {
  const prefix = `${root}/engine/`;
  if (!req.url.startsWith(prefix)) return next();
  const rest = req.url.slice(prefix.length);
  const slash = rest.search(/[/?]/);
  const name = safeDecode(slash === -1 ? rest : rest.slice(0, slash));
  if (name === '') return next();
  if (name !== ENGINE_NAME) {
    // Runs before jsonContentType, so the exact content type is set here (express would add a charset).
    res.status(404).setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify({ type: 'InvalidRequestException', message: `Process engine ${name} not available`, code: null }),
    );
    return;
  }
  const remainder = slash === -1 ? '' : rest.slice(slash);
  req.url = root + (remainder.startsWith('?') ? `/${remainder}` : remainder || '/');
  next();
}

/** A malformed escape (`%E0`) names no engine; decodeURIComponent would throw past the exception filter. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
