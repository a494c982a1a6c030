import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiBody, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { Authentication } from '../../engine/authorization/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { JobDto, RetriesDto } from './job.dto';
import { JOB_LIST } from './job.query';
import { JobService } from './job.service';

@ApiTags('Job')
@ApiBasicAuth()
@Controller('job')
@ListRoutes(JOB_LIST, (c: JobController) => c.jobs.rows)
export class JobController {
  constructor(readonly jobs: JobService) {}

  @Get(':id')
  @ApiOkResponse({ type: JobDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.jobs.get(auth, id);
  }

  @Get(':id/stacktrace')
  @ApiProduces('text/plain')
  async stacktrace(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    const trace = await this.jobs.stacktrace(auth, id);
    if (trace == null) res.status(204).end();
    else res.status(200).type('text/plain').send(trace);
  }

  @Post(':id/execute')
  @HttpCode(204)
  @ApiNoContentResponse()
  execute(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.jobs.execute(auth, id);
  }

  @Put(':id/retries')
  @HttpCode(204)
  @ApiBody({ type: RetriesDto })
  @ApiNoContentResponse()
  setRetries(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.jobs.setRetries(auth, id, body);
  }
}
