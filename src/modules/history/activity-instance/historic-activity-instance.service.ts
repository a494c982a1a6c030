import { Injectable } from '@nestjs/common';
import { notFound } from '../../../common/errors/rest-error';
import { ResourceQuery } from '../../../common/query/resource-query';
import { Authentication } from '../../../engine/command/authentication';
import { ProcessEngine } from '../../../engine/process-engine';
import { HistoricActivityInstanceEntity } from '../../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricActivityInstanceDto } from './historic-activity-instance.dto';
import { HISTORIC_ACTIVITY_INSTANCE_LIST } from './historic-activity-instance.query';

@Injectable()
export class HistoricActivityInstanceService {
  readonly rows: ResourceQuery<HistoricActivityInstanceEntity, HistoricActivityInstanceDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_ACTIVITY_INSTANCE_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<HistoricActivityInstanceDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(`Historic activity instance with id '${id}' does not exist`);
    return found;
  }
}
