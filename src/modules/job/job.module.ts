import { Module } from '@nestjs/common';
import { JobController } from './job.controller';
import { JobRestService } from './job.service';

@Module({ controllers: [JobController], providers: [JobRestService] })
export class JobModule {}
