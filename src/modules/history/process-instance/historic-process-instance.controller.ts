import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { BatchDto } from '../../../common/dto/batch.dto';
import {
  DeleteHistoricProcessInstancesDto,
  SetRemovalTimeToHistoricProcessInstancesDto,
} from '../batch/historic-batch.dto';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { ListRoutes } from '../../../common/query/list-routes';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricProcessInstanceDto } from '../../../common/dto/historic-process-instance.dto';
import { HISTORIC_PROCESS_INSTANCE_LIST } from '../../../common/query/historic-process-instance.query';
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
}
