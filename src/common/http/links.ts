import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { API_ROOT, ENGINE_NAME } from './engine-prefix.middleware';

export interface Link {
  method: string;
  href: string;
  rel: string;
}

/** Builds absolute links the way Camunda does: request base URI + engine-relative root + path. */
export class LinkBuilder {
  constructor(readonly base: string) {}

  link(method: string, path: string, rel: string): Link {
    return { method, href: `${this.base}${path}`, rel };
  }
}

export function linkBuilderFor(req: Request): LinkBuilder {
  const root = (req as Request & { engineRoot?: string }).engineRoot ?? API_ROOT;
  const named = req.originalUrl.startsWith(`${root}/engine/${ENGINE_NAME}`);
  return new LinkBuilder(`${req.protocol}://${req.get('host')}${root}${named ? `/engine/${ENGINE_NAME}` : ''}`);
}

export const Links = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  linkBuilderFor(ctx.switchToHttp().getRequest<Request>()),
);
