import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../../common/auth/auth.decorator';
import { ListRoutes } from '../../../common/query/list-routes';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricJobLogDto } from './historic-job-log.dto';
import { HISTORIC_JOB_LOG_LIST } from './historic-job-log.query';
import { HistoricJobLogService } from './historic-job-log.service';

@ApiTags('Historic Job Log')
@ApiBasicAuth()
@Controller('history/job-log')
@ListRoutes(HISTORIC_JOB_LOG_LIST, (c: HistoricJobLogController) => c.logs.rows)
export class HistoricJobLogController {
  constructor(readonly logs: HistoricJobLogService) {}

  @Get(':id')
  @ApiOkResponse({ type: HistoricJobLogDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.logs.get(auth, id);
  }

  @Get(':id/stacktrace')
  @ApiProduces('text/plain')
  @ApiOkResponse({ type: String })
  @ApiNoContentResponse({ description: 'The log has no stacktrace' })
  async stacktrace(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    const trace = await this.logs.stacktrace(auth, id);
    if (trace == null) res.status(204).end();
    else res.status(200).type('text/plain').send(trace);
  }
}
