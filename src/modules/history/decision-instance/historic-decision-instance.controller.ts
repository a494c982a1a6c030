import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { BatchDto } from '../../../common/dto/batch.dto';
import {
  DeleteHistoricDecisionInstancesDto,
  SetRemovalTimeToHistoricDecisionInstancesDto,
} from '../batch/historic-batch.dto';
import { ApiBasicAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { CountResultDto } from '../../../common/http/count-result.dto';
import { ListRoutes } from '../../../common/query/list-routes';
import { ApiQuerySpec, CountQuery, ListQuery } from '../../../common/query/query.decorators';
import { ParsedQuery } from '../../../common/query/parse-query';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricDecisionInstanceDto } from './historic-decision-instance.dto';
import { CLEANABLE_DECISION_REPORT_QUERY, HISTORIC_DECISION_INSTANCE_LIST } from './historic-decision-instance.query';
import { HistoricDecisionInstanceService } from './historic-decision-instance.service';

@ApiTags('Historic Decision Instance')
@ApiBasicAuth()
@Controller('history')
@ListRoutes(HISTORIC_DECISION_INSTANCE_LIST, (c: HistoricDecisionInstanceController) => c.history.rows, {
  path: 'decision-instance',
  routes: ['list', 'count'],
})
export class HistoricDecisionInstanceController {
  constructor(readonly history: HistoricDecisionInstanceService) {}

  @Post('decision-instance/delete')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type historic-decision-instance-deletion' })
  deleteAsync(@Auth() auth: Authentication | null, @Body() body: DeleteHistoricDecisionInstancesDto) {
    return this.history.deleteAsync(auth, body);
  }

  @Post('decision-instance/set-removal-time')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type decision-set-removal-time' })
  setRemovalTime(@Auth() auth: Authentication | null, @Body() body: SetRemovalTimeToHistoricDecisionInstancesDto) {
    return this.history.setRemovalTimeAsync(auth, body);
  }

  @Get('decision-instance/:id')
  @ApiQuery({ name: 'includeInputs', required: false, type: Boolean })
  @ApiQuery({ name: 'includeOutputs', required: false, type: Boolean })
  @ApiQuery({ name: 'disableBinaryFetching', required: false, type: Boolean })
  @ApiQuery({ name: 'disableCustomObjectDeserialization', required: false, type: Boolean })
  @ApiOkResponse({ type: HistoricDecisionInstanceDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.history.get(auth, id, query);
  }

  @Get('decision-requirements-definition/:id/statistics')
  @ApiQuery({ name: 'decisionInstanceId', required: false })
  statistics(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query('decisionInstanceId') decisionInstanceId?: string,
  ) {
    return this.history.drdStatistics(auth, id, decisionInstanceId);
  }

  @Get('decision-definition/cleanable-decision-instance-report')
  @ApiQuerySpec(CLEANABLE_DECISION_REPORT_QUERY)
  cleanableReport(@Auth() auth: Authentication | null, @ListQuery(CLEANABLE_DECISION_REPORT_QUERY) q: ParsedQuery) {
    return this.history.cleanableReport(auth, q);
  }

  @Get('decision-definition/cleanable-decision-instance-report/count')
  @ApiQuerySpec(CLEANABLE_DECISION_REPORT_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  cleanableReportCount(
    @Auth() auth: Authentication | null,
    @CountQuery(CLEANABLE_DECISION_REPORT_QUERY) q: ParsedQuery,
  ) {
    return this.history.cleanableReportCount(auth, q);
  }
}
