import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricIdentityLinkLogEntity } from '../../../persistence/entities/history/historic-identity-link-log.entity';
import { HistoricIdentityLinkLogDto, toHistoricIdentityLinkLogDto } from './historic-identity-link-log.dto';

/** GET /history/identity-link-log and its count over `act_hi_identitylink l` (Camunda's HistoricIdentityLinkLogQueryDto). */
export const HISTORIC_IDENTITY_LINK_LOG_QUERY: QuerySpec = {
  params: {
    type: f.eq('l.type'),
    userId: f.eq('l.userId'),
    groupId: f.eq('l.groupId'),
    dateBefore: f.cmp('l.time', '<='),
    dateAfter: f.cmp('l.time', '>='),
    taskId: f.eq('l.taskId'),
    processDefinitionId: f.eq('l.processDefinitionId'),
    processDefinitionKey: f.eq('l.processDefinitionKey'),
    operationType: f.eq('l.operationType'),
    assignerId: f.eq('l.assignerId'),
    ...tenantParams('l.tenantId'),
  },
  sortBy: {
    time: 'l.time',
    type: 'l.type',
    userId: 'l.userId',
    groupId: 'l.groupId',
    taskId: 'l.taskId',
    processDefinitionId: 'l.processDefinitionId',
    processDefinitionKey: 'l.processDefinitionKey',
    operationType: 'l.operationType',
    assignerId: 'l.assignerId',
    tenantId: 'l.tenantId',
  },
  defaultOrder: 'l.id',
};

/** Camunda checks READ_HISTORY on the process definition of the link's task. */
export const HISTORIC_IDENTITY_LINK_LOG_LIST: QueryResource<HistoricIdentityLinkLogEntity, HistoricIdentityLinkLogDto> =
  {
    entity: HistoricIdentityLinkLogEntity,
    alias: 'l',
    tenantColumn: 'l.tenantId',
    restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'l.processDefinitionKey' },
    spec: HISTORIC_IDENTITY_LINK_LOG_QUERY,
    dto: HistoricIdentityLinkLogDto,
    toDto: toHistoricIdentityLinkLogDto,
  };
