import { Module } from '@nestjs/common';
import { JobDefinitionController } from './job-definition.controller';
import { JobDefinitionRestService } from './job-definition.service';

@Module({ controllers: [JobDefinitionController], providers: [JobDefinitionRestService] })
export class JobDefinitionModule {}
