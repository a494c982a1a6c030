import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { ListRoutes } from '../../common/query/list-routes';
import { ParsedQuery } from '../../common/query/parse-query';
import { ApiBodySpec, ListBody } from '../../common/query/query.decorators';
import { Authentication } from '../../engine/command/authentication';
import { VariableInstanceDto } from './variable-instance.dto';
import { VARIABLE_INSTANCE_LIST, VARIABLE_INSTANCE_QUERY } from './variable-instance.query';
import { VariableInstanceRestService } from './variable-instance.service';

const Q = VARIABLE_INSTANCE_QUERY;

@ApiTags('Variable Instance')
@ApiBasicAuth()
@Controller('variable-instance')
// POST list takes `deserializeValues` from the query string, so it is written out below.
@ListRoutes(VARIABLE_INSTANCE_LIST, (c: VariableInstanceController) => c.variables.rows, {
  routes: ['list', 'count', 'queryCount'],
})
export class VariableInstanceController {
  constructor(readonly variables: VariableInstanceRestService) {}

  @Post()
  @HttpCode(200)
  @ApiBodySpec(Q)
  @ApiQuery({ name: 'deserializeValues', required: false, type: Boolean })
  @ApiOkResponse({ type: [VariableInstanceDto] })
  query(
    @Auth() auth: Authentication | null,
    @ListBody(Q) q: ParsedQuery,
    @Query('deserializeValues') deserializeValues?: string,
  ) {
    return this.variables.query(auth, q, deserializeValues);
  }

  @Get(':id')
  @ApiQuery({ name: 'deserializeValue', required: false, type: Boolean })
  @ApiOkResponse({ type: VariableInstanceDto })
  get(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query('deserializeValue') deserializeValue?: string,
  ) {
    return this.variables.get(auth, id, deserializeValue);
  }

  @Get(':id/data')
  @ApiOkResponse({ description: 'The binary value (Bytes or File)' })
  data(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    return this.variables.data(auth, id, res);
  }
}
