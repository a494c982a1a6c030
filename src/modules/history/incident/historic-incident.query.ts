import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricIncidentEntity, IncidentState } from '../../../persistence/entities/history/historic-incident.entity';
import { HistoricIncidentDto, toHistoricIncidentDto } from './historic-incident.dto';

export const HISTORIC_INCIDENT_QUERY: QuerySpec = {
  params: {
    incidentId: f.eq('i.id'),
    incidentType: f.eq('i.incidentType'),
    incidentMessage: f.eq('i.incidentMessage'),
    incidentMessageLike: f.like('i.incidentMessage'),
    processDefinitionId: f.eq('i.processDefinitionId'),
    processDefinitionKey: f.eq('i.processDefinitionKey'),
    processDefinitionKeyIn: f.in('i.processDefinitionKey'),
    processInstanceId: f.eq('i.processInstanceId'),
    executionId: f.eq('i.executionId'),
    createTimeBefore: f.cmp('i.createTime', '<='),
    createTimeAfter: f.cmp('i.createTime', '>='),
    endTimeBefore: f.cmp('i.endTime', '<='),
    endTimeAfter: f.cmp('i.endTime', '>='),
    activityId: f.eq('i.activityId'),
    failedActivityId: f.eq('i.failedActivityId'),
    causeIncidentId: f.eq('i.causeIncidentId'),
    rootCauseIncidentId: f.eq('i.rootCauseIncidentId'),
    configuration: f.eq('i.configuration'),
    historyConfiguration: f.eq('i.historyConfiguration'),
    open: f.flag(`i.incidentState = ${IncidentState.OPEN}`),
    resolved: f.flag(`i.incidentState = ${IncidentState.RESOLVED}`),
    deleted: f.flag(`i.incidentState = ${IncidentState.DELETED}`),
    ...tenantParams('i.tenantId'),
    jobDefinitionIdIn: f.in('i.jobDefinitionId'),
  },
  sortBy: {
    incidentId: 'i.id',
    incidentMessage: 'i.incidentMessage',
    createTime: 'i.createTime',
    endTime: 'i.endTime',
    incidentType: 'i.incidentType',
    executionId: 'i.executionId',
    activityId: 'i.activityId',
    processInstanceId: 'i.processInstanceId',
    processDefinitionId: 'i.processDefinitionId',
    processDefinitionKey: 'i.processDefinitionKey',
    causeIncidentId: 'i.causeIncidentId',
    rootCauseIncidentId: 'i.rootCauseIncidentId',
    configuration: 'i.configuration',
    historyConfiguration: 'i.historyConfiguration',
    tenantId: 'i.tenantId',
    incidentState: 'i.incidentState',
  },
  defaultOrder: 'i.id',
};

export const HISTORIC_INCIDENT_LIST: QueryResource<HistoricIncidentEntity, HistoricIncidentDto> = {
  entity: HistoricIncidentEntity,
  alias: 'i',
  tenantColumn: 'i.tenantId',
  restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'i.processDefinitionKey' },
  spec: HISTORIC_INCIDENT_QUERY,
  dto: HistoricIncidentDto,
  toDto: toHistoricIncidentDto,
};
