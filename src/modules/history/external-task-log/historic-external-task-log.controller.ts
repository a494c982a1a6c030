import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../../common/auth/auth.decorator';
import { ListRoutes } from '../../../common/query/list-routes';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricExternalTaskLogDto } from './historic-external-task-log.dto';
import { HISTORIC_EXTERNAL_TASK_LOG_LIST } from './historic-external-task-log.query';
import { HistoricExternalTaskLogService } from './historic-external-task-log.service';

@ApiTags('Historic External Task Log')
@ApiBasicAuth()
@Controller('history/external-task-log')
@ListRoutes(HISTORIC_EXTERNAL_TASK_LOG_LIST, (c: HistoricExternalTaskLogController) => c.logs.rows)
export class HistoricExternalTaskLogController {
  constructor(readonly logs: HistoricExternalTaskLogService) {}

  @Get(':id')
  @ApiOkResponse({ type: HistoricExternalTaskLogDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.logs.get(auth, id);
  }

  @Get(':id/error-details')
  @ApiProduces('text/plain')
  @ApiOkResponse({ type: String })
  @ApiNoContentResponse({ description: 'The log has no error details' })
  async errorDetails(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    const details = await this.logs.errorDetails(auth, id);
    if (details == null) res.status(204).end();
    else res.status(200).type('text/plain').send(details);
  }
}
