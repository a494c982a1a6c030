import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../../common/auth/auth.decorator';
import { ListRoutes } from '../../../common/query/list-routes';
import { ApiBodySpec, ListBody } from '../../../common/query/query.decorators';
import { ParsedQuery } from '../../../common/query/parse-query';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricDetailDto } from './historic-detail.dto';
import { HISTORIC_DETAIL_LIST, HISTORIC_DETAIL_QUERY } from './historic-detail.query';
import { HistoricDetailService } from './historic-detail.service';

const Q = HISTORIC_DETAIL_QUERY;

@ApiTags('Historic Detail')
@ApiBasicAuth()
@Controller('history/detail')
// POST list takes `deserializeValues` from the query string, so it is written out below.
@ListRoutes(HISTORIC_DETAIL_LIST, (c: HistoricDetailController) => c.details.rows, { routes: ['list', 'count'] })
export class HistoricDetailController {
  constructor(readonly details: HistoricDetailService) {}

  @Post()
  @HttpCode(200)
  @ApiBodySpec(Q)
  @ApiQuery({ name: 'deserializeValues', required: false, type: Boolean })
  @ApiOkResponse({ type: [HistoricDetailDto] })
  query(
    @Auth() auth: Authentication | null,
    @ListBody(Q) q: ParsedQuery,
    @Query('deserializeValues') deserializeValues?: string,
  ) {
    return this.details.query(auth, q, deserializeValues);
  }

  @Get(':id')
  @ApiQuery({ name: 'deserializeValue', required: false, type: Boolean })
  @ApiOkResponse({ type: HistoricDetailDto })
  get(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query('deserializeValue') deserializeValue?: string,
  ) {
    return this.details.get(auth, id, deserializeValue);
  }

  @Get(':id/data')
  data(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    return this.details.data(auth, id, res);
  }
}
