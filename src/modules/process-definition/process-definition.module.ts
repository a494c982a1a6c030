import { Module } from '@nestjs/common';
import { ProcessDefinitionController } from './process-definition.controller';
import { ProcessDefinitionService } from './process-definition.service';

@Module({
  controllers: [ProcessDefinitionController],
  providers: [ProcessDefinitionService],
  exports: [ProcessDefinitionService],
})
export class ProcessDefinitionModule {}
