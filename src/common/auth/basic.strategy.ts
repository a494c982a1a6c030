import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { BasicStrategy as PassportBasicStrategy } from 'passport-http';
import { Authentication } from '../../engine/authorization/authentication';
import { ProcessEngine } from '../../engine/process-engine';

/** passport-http parses the header (user id = text before the first colon); the engine verifies. */
@Injectable()
export class BasicStrategy extends PassportStrategy(PassportBasicStrategy, 'basic') {
  constructor(private readonly engine: ProcessEngine) {
    super();
  }

  async validate(userId: string, password: string): Promise<Authentication | false> {
    return (await this.engine.identity.authenticate(userId, password)) ?? false;
  }
}
