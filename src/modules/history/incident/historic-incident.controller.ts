import { Controller } from '@nestjs/common';
import { ApiBasicAuth, ApiTags } from '@nestjs/swagger';
import { ListRoutes } from '../../../common/query/list-routes';
import { HISTORIC_INCIDENT_LIST } from './historic-incident.query';
import { HistoricIncidentService } from './historic-incident.service';

@ApiTags('Historic Incident')
@ApiBasicAuth()
@Controller('history/incident')
// Camunda offers no POST query for historic incidents.
@ListRoutes(HISTORIC_INCIDENT_LIST, (c: HistoricIncidentController) => c.history.rows, { routes: ['list', 'count'] })
export class HistoricIncidentController {
  constructor(readonly history: HistoricIncidentService) {}
}
