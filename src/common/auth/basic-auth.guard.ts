import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG, AppConfig } from '../app-config';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { AuthenticationRequiredError } from '../errors/authentication-required.error';
import { parseBasicCredentials } from './basic-credentials';
import { IS_PUBLIC, PublicWhen } from './public.decorator';

/**
 * Global guard: every route but the public ones needs valid basic-auth credentials (unless
 * AUTH_ENABLED=false). The engine verifies them, with its credentials cache; the caller becomes
 * `req.user` for the @Auth() decorator.
 */
@Injectable()
export class BasicAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly engine: ProcessEngine,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.authEnabled) return true;
    const isPublic = this.reflector.getAllAndOverride<true | PublicWhen | undefined>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic === true || (isPublic && isPublic(this.config))) return true;
    const req = context.switchToHttp().getRequest<Request & { user?: Authentication }>();
    const credentials = parseBasicCredentials(req.headers.authorization);
    const auth = credentials && (await this.engine.identity.authenticate(credentials.userId, credentials.password));
    if (!auth) throw new AuthenticationRequiredError(this.engine.name);
    req.user = auth;
    return true;
  }
}
