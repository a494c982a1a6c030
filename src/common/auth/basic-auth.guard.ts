import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ENGINE_CONFIG, EngineConfig } from '../../config/engine-config';
import { AuthenticationRequiredError } from '../errors/authentication-required.error';
import { IS_PUBLIC } from './public.decorator';

/** Global guard: every route but the public ones needs valid basic-auth credentials (unless AUTH_ENABLED=false). */
@Injectable()
export class BasicAuthGuard extends AuthGuard('basic') {
  constructor(
    private readonly reflector: Reflector,
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
  ) {
    super({ session: false });
  }

  canActivate(context: ExecutionContext) {
    if (!this.config.authEnabled) return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  handleRequest<TUser>(err: unknown, user: TUser): TUser {
    if (err || !user) throw new AuthenticationRequiredError('default');
    return user;
  }
}
