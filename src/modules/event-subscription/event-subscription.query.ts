import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';

export const EVENT_SUBSCRIPTION_QUERY: QuerySpec = {
  params: {
    eventSubscriptionId: f.eq('s.id'),
    eventName: f.eq('s.eventName'),
    eventType: f.eq('s.eventType'),
    executionId: f.eq('s.executionId'),
    processInstanceId: f.eq('s.processInstanceId'),
    activityId: f.eq('s.activityId'),
    ...tenantParams('s.tenantId', 'includeEventSubscriptionsWithoutTenantId'),
  },
  sortBy: { created: 's.created', tenantId: 's.tenantId' },
  defaultOrder: 's.id',
};
