import { Injectable } from '@nestjs/common';
import { badRequest } from '../../common/errors/rest-error';
import { Authentication } from '../../engine/command/authentication';
import { passwordPolicy } from '../../engine/identity/password-policy';
import { ProcessEngine } from '../../engine/process-engine';
import {
  AuthenticationResultDto,
  BasicUserCredentialsDto,
  CheckPasswordPolicyResultDto,
  GroupInfoDto,
  PasswordPolicyDto,
  PasswordPolicyRequestDto,
  toCheckPasswordPolicyResultDto,
  toGroupInfoDto,
  toPasswordPolicyDto,
} from './identity.dto';

@Injectable()
export class IdentityRestService {
  constructor(private readonly engine: ProcessEngine) {}

  async groupInfo(auth: Authentication | null, userId: string | undefined): Promise<GroupInfoDto> {
    if (userId == null) throw badRequest('No user id was supplied');
    return toGroupInfoDto(await this.engine.identity.groupInfo(auth, userId));
  }

  async verify(dto: BasicUserCredentialsDto): Promise<AuthenticationResultDto> {
    if (dto.username == null || dto.password == null) throw badRequest('Username and password are required');
    const authenticated = await this.engine.identity.checkPassword(dto.username, dto.password);
    return { authenticatedUser: dto.username, authenticated, groups: null, tenants: null };
  }

  /** Null when the policy is off: Camunda then answers 404 without a body. */
  passwordPolicy(): PasswordPolicyDto | null {
    return this.engine.identity.passwordPolicyEnabled ? toPasswordPolicyDto(passwordPolicy()) : null;
  }

  checkPassword(dto: PasswordPolicyRequestDto): CheckPasswordPolicyResultDto | null {
    if (!this.engine.identity.passwordPolicyEnabled) return null;
    return toCheckPasswordPolicyResultDto(this.engine.identity.checkPasswordAgainstPolicy(dto.password, dto.profile));
  }
}
