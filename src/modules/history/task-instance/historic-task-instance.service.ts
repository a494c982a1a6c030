import { Injectable } from '@nestjs/common';
import { ResourceQuery } from '../../../common/query/resource-query';
import { ProcessEngine } from '../../../engine/process-engine';
import { HistoricTaskInstanceEntity } from '../../../persistence/entities/history/historic-task-instance.entity';
import { HistoricTaskInstanceDto } from './historic-task-instance.dto';
import { HISTORIC_TASK_INSTANCE_LIST } from './historic-task-instance.query';

@Injectable()
export class HistoricTaskInstanceService {
  readonly rows: ResourceQuery<HistoricTaskInstanceEntity, HistoricTaskInstanceDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_TASK_INSTANCE_LIST);
  }
}
