import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { Authentication } from '../../engine/command/authentication';
import { REPORT_TYPES, TaskCountByCandidateGroupResultDto } from './task-report.dto';
import { TaskService } from './task.service';

@ApiTags('Task')
@ApiBasicAuth()
@Controller('task/report')
export class TaskReportController {
  constructor(private readonly tasks: TaskService) {}

  @Get('candidate-group-count')
  @ApiProduces(...REPORT_TYPES)
  @ApiOkResponse({ type: [TaskCountByCandidateGroupResultDto], description: 'JSON, or CSV when asked for' })
  async candidateGroupCount(@Auth() auth: Authentication | null, @Req() req: Request, @Res() res: Response) {
    const { type, body } = await this.tasks.candidateGroupCount(auth, req.accepts([...REPORT_TYPES]) || null);
    res.type(type).send(body);
  }
}
