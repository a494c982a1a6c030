import { Controller } from '@nestjs/common';
import { ApiBasicAuth, ApiTags } from '@nestjs/swagger';
import { ListRoutes } from '../../../common/query/list-routes';
import { HISTORIC_TASK_INSTANCE_LIST } from './historic-task-instance.query';
import { HistoricTaskInstanceService } from './historic-task-instance.service';

@ApiTags('Historic Task Instance')
@ApiBasicAuth()
@Controller('history/task')
@ListRoutes(HISTORIC_TASK_INSTANCE_LIST, (c: HistoricTaskInstanceController) => c.history.rows)
export class HistoricTaskInstanceController {
  constructor(readonly history: HistoricTaskInstanceService) {}
}
