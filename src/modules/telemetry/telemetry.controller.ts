import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { Authentication } from '../../engine/command/authentication';
import { TelemetryConfigurationDto, TelemetryDataDto } from './telemetry.dto';
import { TelemetryRestService } from './telemetry.service';

class TelemetryConfigurationAnswer {
  @ApiProperty() enableTelemetry: boolean;
}

@ApiTags('Telemetry')
@ApiBasicAuth()
@Controller('telemetry')
export class TelemetryController {
  constructor(private readonly telemetry: TelemetryRestService) {}

  /** Deprecated in Camunda 7.22, where sending telemetry was removed: always off. */
  @Get('configuration')
  @ApiOkResponse({ type: TelemetryConfigurationAnswer })
  getTelemetryConfiguration(): TelemetryConfigurationAnswer {
    return { enableTelemetry: false };
  }

  /** Deprecated in Camunda 7.22: accepted and without effect, nothing is ever sent. */
  @Post('configuration')
  @HttpCode(204)
  @ApiNoContentResponse()
  configureTelemetry(@Body() _body: TelemetryConfigurationDto): void {}

  @Get('data')
  @ApiOkResponse({ type: TelemetryDataDto })
  getTelemetryData(@Auth() auth: Authentication | null) {
    return this.telemetry.data(auth);
  }
}
