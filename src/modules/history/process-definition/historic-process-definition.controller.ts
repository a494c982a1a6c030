import { Controller, Get, Param } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { CountResultDto } from '../../../common/http/count-result.dto';
import { ParsedQuery } from '../../../common/query/parse-query';
import { ApiQuerySpec, CountQuery, ListQuery } from '../../../common/query/query.decorators';
import { Authentication } from '../../../engine/command/authentication';
import {
  CleanableHistoricProcessInstanceReportResultDto,
  HistoricActivityStatisticsDto,
} from './historic-process-definition.dto';
import {
  CLEANABLE_PROCESS_REPORT_QUERY,
  HISTORIC_ACTIVITY_STATISTICS_QUERY,
} from './historic-process-definition.query';
import { HistoricProcessDefinitionService } from './historic-process-definition.service';

@ApiTags('Historic Process Definition')
@ApiBasicAuth()
@Controller('history/process-definition')
export class HistoricProcessDefinitionController {
  constructor(private readonly history: HistoricProcessDefinitionService) {}

  @Get('cleanable-process-instance-report')
  @ApiQuerySpec(CLEANABLE_PROCESS_REPORT_QUERY)
  @ApiOkResponse({ type: CleanableHistoricProcessInstanceReportResultDto, isArray: true })
  cleanableReport(@Auth() auth: Authentication | null, @ListQuery(CLEANABLE_PROCESS_REPORT_QUERY) q: ParsedQuery) {
    return this.history.cleanableReport(auth, q);
  }

  @Get('cleanable-process-instance-report/count')
  @ApiQuerySpec(CLEANABLE_PROCESS_REPORT_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  cleanableReportCount(
    @Auth() auth: Authentication | null,
    @CountQuery(CLEANABLE_PROCESS_REPORT_QUERY) q: ParsedQuery,
  ) {
    return this.history.cleanableReportCount(auth, q);
  }

  @Get(':id/statistics')
  @ApiQuerySpec(HISTORIC_ACTIVITY_STATISTICS_QUERY, { paging: false })
  @ApiOkResponse({ type: HistoricActivityStatisticsDto, isArray: true })
  statistics(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @ListQuery(HISTORIC_ACTIVITY_STATISTICS_QUERY) q: ParsedQuery,
  ) {
    return this.history.activityStatistics(auth, id, q);
  }
}
