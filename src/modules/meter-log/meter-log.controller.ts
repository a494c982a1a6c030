import { Controller, Get, Param } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { ParsedQuery } from '../../common/query/parse-query';
import { ApiQuerySpec, CountQuery, ListQuery } from '../../common/query/query.decorators';
import { Authentication } from '../../engine/command/authentication';
import { MetricsIntervalResultDto, MetricsResultDto } from './meter-log.dto';
import { METRICS_INTERVAL_QUERY, METRICS_SUM_QUERY } from './meter-log.query';
import { MeterLogRestService } from './meter-log.service';

/** Camunda's engine metrics at `/engine-rest/metrics`; the server's Prometheus scrape is `/metrics` at the root. */
@ApiTags('Metrics')
@ApiBasicAuth()
@Controller('metrics')
export class MeterLogController {
  constructor(private readonly meters: MeterLogRestService) {}

  @Get()
  @ApiQuerySpec(METRICS_INTERVAL_QUERY, { sorting: false })
  @ApiOkResponse({ type: [MetricsIntervalResultDto] })
  interval(@Auth() auth: Authentication | null, @ListQuery(METRICS_INTERVAL_QUERY) q: ParsedQuery) {
    return this.meters.interval(auth, q);
  }

  @Get(':name/sum')
  @ApiQuerySpec(METRICS_SUM_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: MetricsResultDto })
  getMetrics(
    @Auth() auth: Authentication | null,
    @Param('name') name: string,
    @CountQuery(METRICS_SUM_QUERY) q: ParsedQuery,
  ) {
    return this.meters.sum(auth, name, q);
  }
}
