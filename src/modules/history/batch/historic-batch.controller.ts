import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { BatchDto } from '../../../common/dto/batch.dto';
import { EngineErrorAnswers } from '../../../common/errors/engine-error-answers.decorator';
import { CountResultDto } from '../../../common/http/count-result.dto';
import { ListRoutes } from '../../../common/query/list-routes';
import { ParsedQuery } from '../../../common/query/parse-query';
import { ApiQuerySpec, CountQuery, ListQuery } from '../../../common/query/query.decorators';
import { Authentication } from '../../../engine/command/authentication';
import {
  CleanableHistoricBatchReportResultDto,
  HistoricBatchDto,
  SetRemovalTimeToHistoricBatchesDto,
} from './historic-batch.dto';
import { CLEANABLE_BATCH_REPORT_QUERY, HISTORIC_BATCH_LIST } from './historic-batch.query';
import { HistoricBatchService } from './historic-batch.service';

@ApiTags('Historic Batch')
@ApiBasicAuth()
@Controller('history/batch')
@ListRoutes(HISTORIC_BATCH_LIST, (c: HistoricBatchController) => c.history.rows, { routes: ['list', 'count'] })
export class HistoricBatchController {
  constructor(readonly history: HistoricBatchService) {}

  @Get('cleanable-batch-report')
  @ApiQuerySpec(CLEANABLE_BATCH_REPORT_QUERY)
  @ApiOkResponse({ type: [CleanableHistoricBatchReportResultDto] })
  cleanableReport(@Auth() auth: Authentication | null, @ListQuery(CLEANABLE_BATCH_REPORT_QUERY) q: ParsedQuery) {
    return this.history.cleanableReport(auth, q);
  }

  @Get('cleanable-batch-report/count')
  @ApiQuerySpec(CLEANABLE_BATCH_REPORT_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  cleanableReportCount(@Auth() auth: Authentication | null, @CountQuery(CLEANABLE_BATCH_REPORT_QUERY) q: ParsedQuery) {
    return this.history.cleanableReportCount(auth, q);
  }

  @Post('set-removal-time')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto })
  setRemovalTime(@Auth() auth: Authentication | null, @Body() body: SetRemovalTimeToHistoricBatchesDto) {
    return this.history.setRemovalTime(auth, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: HistoricBatchDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.history.get(auth, id);
  }

  /** HistoricBatchResourceImpl.deleteHistoricBatch: an unknown id is a 400 naming what could not be done. */
  @Delete(':id')
  @EngineErrorAnswers({
    kinds: ['NotFound', 'BadUserRequest'],
    status: 400,
    type: 'InvalidRequestException',
    message: "Unable to delete historic batch with id '{id}'",
  })
  @HttpCode(204)
  delete(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.history.delete(auth, id);
  }
}
