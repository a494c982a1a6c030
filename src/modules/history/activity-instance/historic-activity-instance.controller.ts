import { Controller, Get, Param } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { ListRoutes } from '../../../common/query/list-routes';
import { Authentication } from '../../../engine/command/authentication';
import { HistoricActivityInstanceDto } from './historic-activity-instance.dto';
import { HISTORIC_ACTIVITY_INSTANCE_LIST } from './historic-activity-instance.query';
import { HistoricActivityInstanceService } from './historic-activity-instance.service';

@ApiTags('Historic Activity Instance')
@ApiBasicAuth()
@Controller('history/activity-instance')
@ListRoutes(HISTORIC_ACTIVITY_INSTANCE_LIST, (c: HistoricActivityInstanceController) => c.history.rows)
export class HistoricActivityInstanceController {
  constructor(readonly history: HistoricActivityInstanceService) {}

  @Get(':id')
  @ApiOkResponse({ type: HistoricActivityInstanceDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.history.get(auth, id);
  }
}
