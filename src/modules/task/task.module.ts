import { Module } from '@nestjs/common';
import { TaskReportController } from './task-report.controller';
import { TaskController } from './task.controller';
import { TaskService } from './task.service';

// The report first: its literal path must not be read as a task id.
@Module({ controllers: [TaskReportController, TaskController], providers: [TaskService] })
export class TaskModule {}
