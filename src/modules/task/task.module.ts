import { Module } from '@nestjs/common';
import { TaskAttachmentController } from './task-attachment.controller';
import { TaskAttachmentService } from './task-attachment.service';
import { TaskReportController } from './task-report.controller';
import { TaskController } from './task.controller';
import { TaskService } from './task.service';

// The report first: its literal path must not be read as a task id.
@Module({
  controllers: [TaskReportController, TaskController, TaskAttachmentController],
  providers: [TaskService, TaskAttachmentService],
})
export class TaskModule {}
