import { Module } from '@nestjs/common';
import { MeterLogController } from './meter-log.controller';
import { MeterLogRestService } from './meter-log.service';

@Module({ controllers: [MeterLogController], providers: [MeterLogRestService] })
export class MeterLogModule {}
