import { EventSubscriptionEntity } from '../../../../persistence/entities/runtime/event-subscription.entity';
import type { RuntimeContext } from '../runtime-context';
import { SubscriptionType, EventContext } from './event-context';

/** Which tenants a trigger reaches: any (not set), exactly one (null: only those without tenant), optionally plus those without. */
export interface TenantFilter {
  isSet: boolean;
  tenantId: string | null;
  includeWithoutTenant?: boolean;
}

export const ANY_TENANT: TenantFilter = { isSet: false, tenantId: null };

function tenantMatches(subscription: EventSubscriptionEntity, tenant: TenantFilter): boolean {
  if (!tenant.isSet) return true;
  if (subscription.tenantId === tenant.tenantId) return true;
  return tenant.includeWithoutTenant === true && subscription.tenantId == null;
}

export interface SubscriptionSearch {
  eventType: SubscriptionType;
  eventName?: string | null;
  executionId?: string;
  /** Start events (execution null) or waiting executions; both when absent. */
  start?: boolean;
  tenant?: TenantFilter;
}

/**
 * Stored subscriptions merged with what this command created and dropped. Subscriptions whose
 * execution went away in this command are left out.
 */
export async function findSubscriptions(
  ctx: RuntimeContext,
  search: SubscriptionSearch,
): Promise<EventSubscriptionEntity[]> {
  const qb = ctx.em
    .getRepository(EventSubscriptionEntity)
    .createQueryBuilder('s')
    .where('s.eventType = :type', { type: search.eventType });
  if (search.eventName !== undefined) {
    if (search.eventName === null) qb.andWhere('s.eventName IS NULL');
    else qb.andWhere('s.eventName = :name', { name: search.eventName });
  }
  if (search.executionId) qb.andWhere('s.executionId = :executionId', { executionId: search.executionId });
  if (search.start === true) qb.andWhere('s.executionId IS NULL');
  if (search.start === false) qb.andWhere('s.executionId IS NOT NULL');
  const tenant = search.tenant ?? ANY_TENANT;
  if (tenant.isSet) {
    if (tenant.tenantId == null) qb.andWhere('s.tenantId IS NULL');
    else if (tenant.includeWithoutTenant)
      qb.andWhere('(s.tenantId = :tenant OR s.tenantId IS NULL)', { tenant: tenant.tenantId });
    else qb.andWhere('s.tenantId = :tenant', { tenant: tenant.tenantId });
  }
  const stored = await qb.orderBy('s.created', 'ASC').addOrderBy('s.id', 'ASC').getMany();
  const created = ctx
    .manager(EventContext)
    .createdSubscriptions()
    .filter(
      (s) =>
        s.eventType === search.eventType &&
        (search.eventName === undefined || s.eventName === search.eventName) &&
        (!search.executionId || s.executionId === search.executionId) &&
        (search.start === undefined || (s.executionId == null) === search.start) &&
        tenantMatches(s, tenant),
    );
  const seen = new Set(created.map((s) => s.id));
  return [...stored.filter((s) => !seen.has(s.id) && !ctx.manager(EventContext).isDropped(s)), ...created].filter(
    (s) => {
      if (!s.executionId || !s.processInstanceId) return true;
      const instance = ctx.instances.get(s.processInstanceId);
      return !instance || (!instance.ended && instance.get(s.executionId) != null);
    },
  );
}
