import { Module } from '@nestjs/common';
import { BatchController, BatchStatisticsController } from './batch.controller';
import { BatchRestService } from './batch.service';

@Module({ controllers: [BatchStatisticsController, BatchController], providers: [BatchRestService] })
export class BatchModule {}
