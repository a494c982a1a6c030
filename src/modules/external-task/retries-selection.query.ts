import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';

/**
 * The process instance queries that PUT /external-task/retries and /retries-async accept, limited to
 * the filters that pick instances by identity, definition, business key, state and tenant. Any other
 * field is refused (400) rather than ignored, since ignoring a filter would select too many tasks.
 */
export const RETRIES_PROCESS_INSTANCE_QUERY: QuerySpec = {
  params: {
    processInstanceIds: f.in('e.id'),
    businessKey: f.eq('e.businessKey'),
    businessKeyLike: f.like('e.businessKey'),
    processDefinitionId: f.eq('e.processDefinitionId'),
    processDefinitionKey: f.eq('e.processDefinitionKey'),
    processDefinitionKeyIn: f.in('e.processDefinitionKey'),
    active: f.flag('e.suspensionState = 1'),
    suspended: f.flag('e.suspensionState = 2'),
    ...tenantParams('e.tenantId'),
  },
  sortBy: {},
  defaultOrder: 'e.id',
};

export const RETRIES_HISTORIC_PROCESS_INSTANCE_QUERY: QuerySpec = {
  params: {
    processInstanceIds: f.in('h.processInstanceId'),
    processInstanceId: f.eq('h.processInstanceId'),
    processInstanceBusinessKey: f.eq('h.businessKey'),
    processInstanceBusinessKeyLike: f.like('h.businessKey'),
    processDefinitionId: f.eq('h.processDefinitionId'),
    processDefinitionKey: f.eq('h.processDefinitionKey'),
    unfinished: f.flag('h.endTime IS NULL'),
    finished: f.flag('h.endTime IS NOT NULL'),
    ...tenantParams('h.tenantId'),
  },
  sortBy: {},
  defaultOrder: 'h.id',
};
