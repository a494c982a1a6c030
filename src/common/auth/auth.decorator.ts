import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { Authentication } from '../../engine/command/authentication';

/** The authenticated caller, or null when authentication is switched off. */
export const Auth = createParamDecorator((_data: unknown, ctx: ExecutionContext): Authentication | null => {
  const req = ctx.switchToHttp().getRequest<Request & { user?: Authentication }>();
  return req.user ?? null;
});
