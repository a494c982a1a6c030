import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers } from '../../common/errors/engine-error-answers.decorator';
import { Authentication } from '../../engine/command/authentication';
import { CorrelationMessageDto, MessageCorrelationResultDto } from './message.dto';
import { MessageService } from './message.service';

@ApiTags('Message')
@ApiBasicAuth()
@Controller('message')
export class MessageController {
  constructor(private readonly messages: MessageService) {}

  /** 204 without a result; 200 with the results (and their variables when asked) when `resultEnabled`. */
  @Post()
  @EngineErrorAnswers({ types: ['MismatchingMessageCorrelationException'], status: 400, type: 'RestException' })
  @HttpCode(200)
  @ApiOkResponse({ type: [MessageCorrelationResultDto] })
  async deliver(
    @Auth() auth: Authentication | null,
    @Body() body: CorrelationMessageDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const results = await this.messages.deliver(auth, body);
    if (results === null) res.status(204);
    return results ?? undefined;
  }
}
