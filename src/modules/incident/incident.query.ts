import { f, QuerySpec } from '../../common/query/query-spec';
import { QueryResource } from '../../common/query/query-resource';
import { instanceReadGrants } from '../../common/query/authorized-rows';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { IncidentDto, toIncidentDto } from './incident.dto';

/** GET /incident and /incident/count over `act_ru_incident i` (Camunda's IncidentQueryDto). */
export const INCIDENT_QUERY: QuerySpec = {
  params: {
    incidentId: f.eq('i.id'),
    incidentType: f.eq('i.incidentType'),
    incidentMessage: f.eq('i.incidentMessage'),
    incidentMessageLike: f.like('i.incidentMessage'),
    processDefinitionId: f.eq('i.processDefinitionId'),
    processDefinitionKeyIn: f.custom('stringList', (qb, v: string[], _a, n) => {
      if (!v.length) return;
      const p = n('pdkeys');
      qb.andWhere(`i.proc_def_id IN (SELECT d.id FROM act_re_procdef d WHERE d.\`key\` IN (:...${p}))`, { [p]: v });
    }),
    processInstanceId: f.eq('i.processInstanceId'),
    executionId: f.eq('i.executionId'),
    incidentTimestampBefore: f.cmp('i.incidentTimestamp', '<'),
    incidentTimestampAfter: f.cmp('i.incidentTimestamp', '>'),
    activityId: f.eq('i.activityId'),
    failedActivityId: f.eq('i.failedActivityId'),
    causeIncidentId: f.eq('i.causeIncidentId'),
    rootCauseIncidentId: f.eq('i.rootCauseIncidentId'),
    configuration: f.eq('i.configuration'),
    tenantIdIn: f.in('i.tenantId'),
    jobDefinitionIdIn: f.in('i.jobDefinitionId'),
  },
  sortBy: {
    incidentId: 'i.id',
    incidentMessage: 'i.incidentMessage',
    incidentTimestamp: 'i.incidentTimestamp',
    incidentType: 'i.incidentType',
    executionId: 'i.executionId',
    activityId: 'i.activityId',
    processInstanceId: 'i.processInstanceId',
    processDefinitionId: 'i.processDefinitionId',
    causeIncidentId: 'i.causeIncidentId',
    rootCauseIncidentId: 'i.rootCauseIncidentId',
    configuration: 'i.configuration',
    tenantId: 'i.tenantId',
  },
  defaultOrder: 'i.id',
};

const DEFINITION_KEY = '(SELECT d.`key` FROM act_re_procdef d WHERE d.id = i.proc_def_id)';

export const INCIDENT_LIST: QueryResource<IncidentEntity, IncidentDto> = {
  entity: IncidentEntity,
  alias: 'i',
  tenantColumn: 'i.tenantId',
  restrict: instanceReadGrants('i.processInstanceId', DEFINITION_KEY),
  spec: INCIDENT_QUERY,
  dto: IncidentDto,
  toDto: toIncidentDto,
};
