import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers } from '../../common/errors/engine-error-answers.decorator';
import { ListRoutes } from '../../common/query/list-routes';
import { Authentication } from '../../engine/command/authentication';
import { BatchDto, BatchSuspensionStateDto } from './batch.dto';
import { BATCH_LIST, BATCH_STATISTICS_LIST } from './batch.query';
import { BatchRestService } from './batch.service';

/** GET /batch/statistics and its count; registered before BatchController so that `statistics` is not taken for an id. */
@ApiTags('Batch')
@ApiBasicAuth()
@Controller('batch/statistics')
@ListRoutes(BATCH_STATISTICS_LIST, (c: BatchStatisticsController) => c.batches.statistics, {
  routes: ['list', 'count'],
})
export class BatchStatisticsController {
  constructor(readonly batches: BatchRestService) {}
}

@ApiTags('Batch')
@ApiBasicAuth()
@Controller('batch')
@ListRoutes(BATCH_LIST, (c: BatchController) => c.batches.rows, { routes: ['list', 'count'] })
export class BatchController {
  constructor(readonly batches: BatchRestService) {}

  @Get(':id')
  @ApiOkResponse({ type: BatchDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.batches.get(auth, id);
  }

  /** BatchResourceImpl.updateSuspensionState: an unknown id is a 400 naming what could not be done. */
  @Put(':id/suspended')
  @HttpCode(204)
  setSuspended(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: BatchSuspensionStateDto) {
    return this.batches.setSuspended(auth, id, body);
  }

  /** BatchResourceImpl.deleteBatch: `cascade` deletes the historic batch too. */
  @Delete(':id')
  @ApiQuery({ name: 'cascade', required: false, type: Boolean })
  @EngineErrorAnswers({
    kinds: ['NotFound', 'BadUserRequest'],
    status: 400,
    type: 'InvalidRequestException',
    message: "Unable to delete batch with id '{id}'",
  })
  @HttpCode(204)
  delete(@Auth() auth: Authentication | null, @Param('id') id: string, @Query('cascade') cascade?: string) {
    return this.batches.delete(auth, id, cascade);
  }
}
