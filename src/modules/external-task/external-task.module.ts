import { Module } from '@nestjs/common';
import { ExternalTaskController } from './external-task.controller';
import { ExternalTaskRestService } from './external-task.service';

@Module({ controllers: [ExternalTaskController], providers: [ExternalTaskRestService] })
export class ExternalTaskModule {}
