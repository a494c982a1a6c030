import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { CountResultDto } from '../../common/http/count-result.dto';
import { ApiBodySpec, ApiQuerySpec, CountBody, CountQuery, ListBody, ListQuery } from '../../common/query/query.decorators';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { HistoricProcessInstanceDto } from './historic-process-instance.dto';
import { HISTORIC_PROCESS_INSTANCE_QUERY } from './historic-process-instance.query';
import { HistoricProcessInstanceService } from './historic-process-instance.service';

const Q = HISTORIC_PROCESS_INSTANCE_QUERY;

@ApiTags('Historic Process Instance')
@ApiBasicAuth()
@Controller('history/process-instance')
export class HistoricProcessInstanceController {
  constructor(private readonly history: HistoricProcessInstanceService) {}

  @Get()
  @ApiQuerySpec(Q)
  @ApiOkResponse({ type: [HistoricProcessInstanceDto] })
  list(@Auth() auth: Authentication | null, @ListQuery(Q) q: ParsedQuery) {
    return this.history.list(auth, q);
  }

  @Post()
  @HttpCode(200)
  @ApiBodySpec(Q)
  @ApiOkResponse({ type: [HistoricProcessInstanceDto] })
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
  @ApiOkResponse({ type: HistoricProcessInstanceDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.history.get(auth, id);
  }
}
