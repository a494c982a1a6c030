import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import {
  SetJobRetriesDto,
  JobDto,
  JobDuedateDto,
  JobPriorityDto,
  JobRetriesDto,
  JobsSuspensionDto,
  JobSuspensionDto,
} from './job.dto';
import { JOB_LIST } from './job.query';
import { BatchDto } from '../../common/dto/batch.dto';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { JobRestService } from './job.service';

@ApiTags('Job')
@ApiBasicAuth()
@Controller('job')
@ListRoutes(JOB_LIST, (c: JobController) => c.jobs.rows)
export class JobController {
  constructor(readonly jobs: JobRestService) {}

  @Put('suspended')
  @HttpCode(204)
  @ApiNoContentResponse()
  suspendMany(@Auth() auth: Authentication | null, @Body() body: JobsSuspensionDto) {
    return this.jobs.suspendMany(auth, body);
  }

  /** JobRestServiceImpl.setRetries: an asynchronous batch; a selection that names no job is a 400. */
  @Post('retries')
  @EngineErrorAnswers({ kinds: ['BadUserRequest'], status: 400, type: 'InvalidRequestException' })
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type set-job-retries' })
  setRetriesAsync(@Auth() auth: Authentication | null, @Body() body: SetJobRetriesDto) {
    return this.jobs.setRetriesAsync(auth, body);
  }

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

  /** JobResourceImpl.executeJob: an unknown job is a 404; a failure of the job's work a 500 RestException. */
  @Post(':id/execute')
  @EngineErrorAnswers(notFoundIs404('{message}: job is null'), { status: 500, type: 'RestException' })
  @HttpCode(204)
  @ApiNoContentResponse()
  execute(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.jobs.execute(auth, id);
  }

  @Put(':id/retries')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  @ApiNoContentResponse()
  setRetries(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: JobRetriesDto) {
    return this.jobs.setRetries(auth, id, body);
  }

  @Put(':id/suspended')
  @HttpCode(204)
  @ApiNoContentResponse()
  suspend(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: JobSuspensionDto) {
    return this.jobs.suspendOne(auth, id, body);
  }

  /** JobResourceImpl.deleteJob: an unknown job is a 404; a job an executor holds locked is refused. */
  @Delete(':id')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.jobs.delete(auth, id);
  }

  @Put(':id/duedate')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  @ApiNoContentResponse()
  setDuedate(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: JobDuedateDto) {
    return this.jobs.setDuedate(auth, id, body);
  }

  /** JobResourceImpl.recalculateDuedate: `creationDateBased` is true unless it is `false`; an unknown job is a 404. */
  @Post(':id/duedate/recalculate')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiQuery({ name: 'creationDateBased', required: false, type: Boolean })
  recalculateDuedate(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query('creationDateBased') creationDateBased?: string,
  ) {
    return this.jobs.recalculateDuedate(auth, id, creationDateBased);
  }

  @Put(':id/priority')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  @ApiNoContentResponse()
  setPriority(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: JobPriorityDto) {
    return this.jobs.setPriority(auth, id, body);
  }
}
