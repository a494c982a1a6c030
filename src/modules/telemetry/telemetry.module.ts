import { Module } from '@nestjs/common';
import { TelemetryController } from './telemetry.controller';
import { TelemetryRestService } from './telemetry.service';

@Module({ controllers: [TelemetryController], providers: [TelemetryRestService] })
export class TelemetryModule {}
