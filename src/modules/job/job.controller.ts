import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { CountResultDto } from '../../common/http/count-result.dto';
import { ParsedQuery } from '../../common/query/parse-query';
import { ApiBodySpec, ApiQuerySpec, CountBody, CountQuery, ListBody, ListQuery } from '../../common/query/query.decorators';
import { Authentication } from '../../engine/authorization/authentication';
import { JobDto, JobRetriesDto } from './job.dto';
import { JOB_QUERY } from './job.query';
import { JobService } from './job.service';

@ApiTags('Job')
@ApiBasicAuth()
@Controller('job')
export class JobController {
  constructor(private readonly jobs: JobService) {}

  @Get()
  @ApiQuerySpec(JOB_QUERY)
  @ApiOkResponse({ type: [JobDto] })
  list(@Auth() auth: Authentication | null, @ListQuery(JOB_QUERY) q: ParsedQuery) {
    return this.jobs.list(auth, q);
  }

  @Post()
  @HttpCode(200)
  @ApiBodySpec(JOB_QUERY)
  @ApiOkResponse({ type: [JobDto] })
  query(@Auth() auth: Authentication | null, @ListBody(JOB_QUERY) q: ParsedQuery) {
    return this.jobs.list(auth, q);
  }

  @Get('count')
  @ApiQuerySpec(JOB_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  count(@Auth() auth: Authentication | null, @CountQuery(JOB_QUERY) q: ParsedQuery) {
    return this.jobs.count(auth, q);
  }

  @Post('count')
  @HttpCode(200)
  @ApiBodySpec(JOB_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  queryCount(@Auth() auth: Authentication | null, @CountBody(JOB_QUERY) q: ParsedQuery) {
    return this.jobs.count(auth, q);
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
}
