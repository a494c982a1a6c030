import { Injectable } from '@nestjs/common';
import { notFound } from '../../common/errors/rest-error';
import { ResourceQuery } from '../../common/query/resource-query';
import { Authentication } from '../../engine/authorization/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { HistoricProcessInstanceDto } from './historic-process-instance.dto';
import { HISTORIC_PROCESS_INSTANCE_LIST } from './historic-process-instance.query';

@Injectable()
export class HistoricProcessInstanceService {
  readonly rows: ResourceQuery<HistoricProcessInstanceEntity, HistoricProcessInstanceDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_PROCESS_INSTANCE_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<HistoricProcessInstanceDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(`Historic process instance with id ${id} does not exist`);
    return found;
  }
}
