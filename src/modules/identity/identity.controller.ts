import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { Authentication } from '../../engine/command/authentication';
import {
  AuthenticationResultDto,
  BasicUserCredentialsDto,
  CheckPasswordPolicyResultDto,
  GroupInfoDto,
  PasswordPolicyDto,
  PasswordPolicyRequestDto,
} from './identity.dto';
import { IdentityRestService } from './identity.service';

const POLICY_OFF = 'The password policy is not enabled (no body)';

@ApiTags('Identity')
@ApiBasicAuth()
@Controller('identity')
export class IdentityController {
  constructor(private readonly identity: IdentityRestService) {}

  @Get('groups')
  @ApiQuery({ name: 'userId', required: true, type: String })
  @ApiOkResponse({ type: GroupInfoDto })
  groups(@Auth() auth: Authentication | null, @Query('userId') userId?: string) {
    return this.identity.groupInfo(auth, userId);
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthenticationResultDto })
  verify(@Body() dto: BasicUserCredentialsDto) {
    return this.identity.verify(dto);
  }

  @Get('password-policy')
  @ApiOkResponse({ type: PasswordPolicyDto })
  @ApiNotFoundResponse({ description: POLICY_OFF })
  passwordPolicy(@Res() res: Response) {
    sendOr404(res, this.identity.passwordPolicy());
  }

  @Post('password-policy')
  @ApiOkResponse({ type: CheckPasswordPolicyResultDto })
  @ApiNotFoundResponse({ description: POLICY_OFF })
  checkPassword(@Body() dto: PasswordPolicyRequestDto, @Res() res: Response) {
    sendOr404(res, this.identity.checkPassword(dto));
  }
}

function sendOr404(res: Response, body: object | null): void {
  if (body) res.status(200).json(body);
  else res.status(404).end();
}
