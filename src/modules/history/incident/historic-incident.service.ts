import { Injectable } from '@nestjs/common';
import { ResourceQuery } from '../../../common/query/resource-query';
import { ProcessEngine } from '../../../engine/process-engine';
import { HistoricIncidentEntity } from '../../../persistence/entities/history/historic-incident.entity';
import { HistoricIncidentDto } from './historic-incident.dto';
import { HISTORIC_INCIDENT_LIST } from './historic-incident.query';

@Injectable()
export class HistoricIncidentService {
  readonly rows: ResourceQuery<HistoricIncidentEntity, HistoricIncidentDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_INCIDENT_LIST);
  }
}
