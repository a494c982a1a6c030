import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { QueryResource } from '../../common/query/query-resource';
import { instanceReadGrants } from '../../common/query/authorized-rows';
import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { EventSubscriptionDto, toEventSubscriptionDto } from '../../common/dto/event-subscription.dto';

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

/** The definition key of a subscription's instance (subscriptions of start events have none). */
const DEFINITION_KEY = '(SELECT x.proc_def_key FROM act_ru_execution x WHERE x.id = s.processInstanceId)';

export const EVENT_SUBSCRIPTION_LIST: QueryResource<EventSubscriptionEntity, EventSubscriptionDto> = {
  entity: EventSubscriptionEntity,
  alias: 's',
  tenantColumn: 's.tenantId',
  restrict: instanceReadGrants('s.processInstanceId', DEFINITION_KEY),
  spec: EVENT_SUBSCRIPTION_QUERY,
  dto: EventSubscriptionDto,
  toDto: toEventSubscriptionDto,
};
