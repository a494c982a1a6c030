import { Controller } from '@nestjs/common';
import { ApiBasicAuth, ApiTags } from '@nestjs/swagger';
import { ListRoutes } from '../../../common/query/list-routes';
import { HISTORIC_IDENTITY_LINK_LOG_LIST } from './historic-identity-link-log.query';
import { HistoricIdentityLinkLogService } from './historic-identity-link-log.service';

/** Camunda offers the identity link log as GET list and count only. */
@ApiTags('Historic Identity Link Log')
@ApiBasicAuth()
@Controller('history/identity-link-log')
@ListRoutes(HISTORIC_IDENTITY_LINK_LOG_LIST, (c: HistoricIdentityLinkLogController) => c.logs.rows, {
  routes: ['list', 'count'],
})
export class HistoricIdentityLinkLogController {
  constructor(readonly logs: HistoricIdentityLinkLogService) {}
}
