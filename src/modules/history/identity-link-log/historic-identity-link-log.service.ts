import { Injectable } from '@nestjs/common';
import { ResourceQuery } from '../../../common/query/resource-query';
import { ProcessEngine } from '../../../engine/process-engine';
import { HistoricIdentityLinkLogEntity } from '../../../persistence/entities/history/historic-identity-link-log.entity';
import { HistoricIdentityLinkLogDto } from './historic-identity-link-log.dto';
import { HISTORIC_IDENTITY_LINK_LOG_LIST } from './historic-identity-link-log.query';

@Injectable()
export class HistoricIdentityLinkLogService {
  readonly rows: ResourceQuery<HistoricIdentityLinkLogEntity, HistoricIdentityLinkLogDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_IDENTITY_LINK_LOG_LIST);
  }
}
