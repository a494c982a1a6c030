import { Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../../common/auth/auth.decorator';
import { EngineErrorAnswers, notFoundIs404 } from '../../../common/errors/engine-error-answers.decorator';
import { ListRoutes } from '../../../common/query/list-routes';
import { ParsedQuery } from '../../../common/query/parse-query';
import { ApiBodySpec, ListBody } from '../../../common/query/query.decorators';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricVariableInstanceDto } from './historic-variable-instance.dto';
import { HISTORIC_VARIABLE_INSTANCE_LIST, HISTORIC_VARIABLE_INSTANCE_QUERY } from './historic-variable-instance.query';
import { HistoricVariableInstanceService } from './historic-variable-instance.service';

const Q = HISTORIC_VARIABLE_INSTANCE_QUERY;

@ApiTags('Historic Variable Instance')
@ApiBasicAuth()
@Controller('history/variable-instance')
// POST list takes `deserializeValues` from the query string, so it is written out below.
@ListRoutes(HISTORIC_VARIABLE_INSTANCE_LIST, (c: HistoricVariableInstanceController) => c.variables.rows, {
  routes: ['list', 'count', 'queryCount'],
})
export class HistoricVariableInstanceController {
  constructor(readonly variables: HistoricVariableInstanceService) {}

  @Post()
  @HttpCode(200)
  @ApiBodySpec(Q)
  @ApiQuery({ name: 'deserializeValues', required: false, type: Boolean })
  @ApiOkResponse({ type: [HistoricVariableInstanceDto] })
  query(
    @Auth() auth: Authentication | null,
    @ListBody(Q) q: ParsedQuery,
    @Query('deserializeValues') deserializeValues?: string,
  ) {
    return this.variables.query(auth, q, deserializeValues);
  }

  @Get(':id')
  @ApiQuery({ name: 'deserializeValue', required: false, type: Boolean })
  @ApiOkResponse({ type: HistoricVariableInstanceDto })
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

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @EngineErrorAnswers(notFoundIs404())
  remove(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.variables.delete(auth, id);
  }
}
