import type { NextFunction, Request, Response } from 'express';

/**
 * Express appends `; charset=utf-8` to JSON responses; camunda-external-task-client-js parses a
 * body only when the Content-Type is exactly `application/json`, so the suffix is removed.
 */
export function jsonContentType(_req: Request, res: Response, next: NextFunction): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    setHeader(
      name,
      name.toLowerCase() === 'content-type' && typeof value === 'string' && value.startsWith('application/json')
        ? 'application/json'
        : value,
    )) as typeof res.setHeader;
  next();
}
