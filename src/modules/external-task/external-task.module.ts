import { Module } from '@nestjs/common';
import { ExternalTaskController } from './external-task.controller';
import { ExternalTaskService } from './external-task.service';

@Module({ controllers: [ExternalTaskController], providers: [ExternalTaskService] })
export class ExternalTaskModule {}
