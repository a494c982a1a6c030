import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { BatchDto } from '../../../common/dto/batch.dto';
import {
  DeleteHistoricProcessInstancesDto,
  SetRemovalTimeToHistoricProcessInstancesDto,
} from '../batch/historic-batch.dto';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { ListRoutes } from '../../../common/query/list-routes';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricProcessInstanceDto } from '../../../common/dto/historic-process-instance.dto';
import { HISTORIC_PROCESS_INSTANCE_LIST } from './historic-process-instance.query';
import { HistoricProcessInstanceService } from './historic-process-instance.service';

@ApiTags('Historic Process Instance')
@ApiBasicAuth()
@Controller('history/process-instance')
@ListRoutes(HISTORIC_PROCESS_INSTANCE_LIST, (c: HistoricProcessInstanceController) => c.history.rows)
export class HistoricProcessInstanceController {
  constructor(readonly history: HistoricProcessInstanceService) {}

  @Post('delete')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type historic-instance-deletion' })
  deleteAsync(@Auth() auth: Authentication | null, @Body() body: DeleteHistoricProcessInstancesDto) {
    return this.history.deleteAsync(auth, body);
  }

  @Post('set-removal-time')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type process-set-removal-time' })
  setRemovalTime(@Auth() auth: Authentication | null, @Body() body: SetRemovalTimeToHistoricProcessInstancesDto) {
    return this.history.setRemovalTimeAsync(auth, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: HistoricProcessInstanceDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.history.get(auth, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiQuery({ name: 'failIfNotExists', required: false, type: Boolean })
  @ApiNoContentResponse()
  delete(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query('failIfNotExists') failIfNotExists?: string,
  ) {
    return this.history.delete(auth, id, failIfNotExists);
  }

  @Delete(':id/variable-instances')
  @HttpCode(204)
  @ApiNoContentResponse()
  deleteVariables(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.history.deleteVariables(auth, id);
  }
}
