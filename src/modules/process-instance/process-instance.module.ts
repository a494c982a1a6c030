import { Module } from '@nestjs/common';
import { ProcessInstanceCommentController } from './process-instance-comment.controller';
import { ProcessInstanceCommentService } from './process-instance-comment.service';
import { ModificationController } from './modification.controller';
import { ProcessInstanceController } from './process-instance.controller';
import { ProcessInstanceService } from './process-instance.service';

@Module({
  controllers: [ProcessInstanceController, ProcessInstanceCommentController, ModificationController],
  providers: [ProcessInstanceService, ProcessInstanceCommentService],
})
export class ProcessInstanceModule {}
