import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { CountResultDto } from '../../common/http/count-result.dto';
import { ApiBodySpec, ApiQuerySpec, CountQuery, ListBody, ListQuery } from '../../common/query/query.decorators';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { HistoricDetailDto } from './historic-detail.dto';
import { HISTORIC_DETAIL_QUERY } from './historic-detail.query';
import { HistoricDetailService } from './historic-detail.service';

const Q = HISTORIC_DETAIL_QUERY;

@ApiTags('Historic Detail')
@ApiBasicAuth()
@Controller('history/detail')
export class HistoricDetailController {
  constructor(private readonly details: HistoricDetailService) {}

  @Get()
  @ApiQuerySpec(Q)
  @ApiOkResponse({ type: [HistoricDetailDto] })
  list(@Auth() auth: Authentication | null, @ListQuery(Q) q: ParsedQuery) {
    return this.details.list(auth, q, undefined);
  }

  @Post()
  @HttpCode(200)
  @ApiBodySpec(Q)
  @ApiQuery({ name: 'deserializeValues', required: false, type: Boolean })
  @ApiOkResponse({ type: [HistoricDetailDto] })
  query(@Auth() auth: Authentication | null, @ListBody(Q) q: ParsedQuery, @Query('deserializeValues') deserializeValues?: string) {
    return this.details.list(auth, q, deserializeValues);
  }

  @Get('count')
  @ApiQuerySpec(Q, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  count(@Auth() auth: Authentication | null, @CountQuery(Q) q: ParsedQuery) {
    return this.details.count(auth, q);
  }

  @Get(':id')
  @ApiQuery({ name: 'deserializeValue', required: false, type: Boolean })
  @ApiOkResponse({ type: HistoricDetailDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string, @Query('deserializeValue') deserializeValue?: string) {
    return this.details.get(auth, id, deserializeValue);
  }

  @Get(':id/data')
  data(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    return this.details.data(auth, id, res);
  }
}
