import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { Authentication } from '../../engine/command/authentication';
import { SignalDto } from './signal.dto';
import { SignalService } from './signal.service';

@ApiTags('Signal')
@ApiBasicAuth()
@Controller('signal')
export class SignalController {
  constructor(private readonly signals: SignalService) {}

  @Post()
  @HttpCode(204)
  @ApiNoContentResponse()
  throwSignal(@Auth() auth: Authentication | null, @Body() body: SignalDto) {
    return this.signals.throwSignal(auth, body);
  }
}
