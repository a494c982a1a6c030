import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { CountResultDto } from '../../common/http/count-result.dto';
import { ApiBodySpec, ApiQuerySpec, CountBody, CountQuery, ListBody, ListQuery } from '../../common/query/query.decorators';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { HistoricActivityInstanceDto } from './historic-activity-instance.dto';
import { HISTORIC_ACTIVITY_INSTANCE_QUERY } from './historic-activity-instance.query';
import { HistoricActivityInstanceService } from './historic-activity-instance.service';

const Q = HISTORIC_ACTIVITY_INSTANCE_QUERY;

@ApiTags('Historic Activity Instance')
@ApiBasicAuth()
@Controller('history/activity-instance')
export class HistoricActivityInstanceController {
  constructor(private readonly history: HistoricActivityInstanceService) {}

  @Get()
  @ApiQuerySpec(Q)
  @ApiOkResponse({ type: [HistoricActivityInstanceDto] })
  list(@Auth() auth: Authentication | null, @ListQuery(Q) q: ParsedQuery) {
    return this.history.list(auth, q);
  }

  @Post()
  @HttpCode(200)
  @ApiBodySpec(Q)
  @ApiOkResponse({ type: [HistoricActivityInstanceDto] })
  query(@Auth() auth: Authentication | null, @ListBody(Q) q: ParsedQuery) {
    return this.history.list(auth, q);
  }

  @Get('count')
  @ApiQuerySpec(Q, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  count(@Auth() auth: Authentication | null, @CountQuery(Q) q: ParsedQuery) {
    return this.history.count(auth, q);
  }

  @Post('count')
  @HttpCode(200)
  @ApiBodySpec(Q, { sorting: false })
  @ApiOkResponse({ type: CountResultDto })
  queryCount(@Auth() auth: Authentication | null, @CountBody(Q) q: ParsedQuery) {
    return this.history.count(auth, q);
  }

  @Get(':id')
  @ApiOkResponse({ type: HistoricActivityInstanceDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.history.get(auth, id);
  }
}
