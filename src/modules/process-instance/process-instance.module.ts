import { Module } from '@nestjs/common';
import { ProcessInstanceController } from './process-instance.controller';
import { ProcessInstanceService } from './process-instance.service';

@Module({ controllers: [ProcessInstanceController], providers: [ProcessInstanceService] })
export class ProcessInstanceModule {}
