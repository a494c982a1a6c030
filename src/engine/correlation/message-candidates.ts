import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { hydrate } from '../../persistence/raw-rows';
import type { RuntimeContext } from '../bpmn/runtime/runtime-context';
import { TenantFilter } from '../bpmn/runtime/events/subscription-queries';
import { MessageCorrelationRequest } from './event-types';
import { variableEqualsSql } from './variable-match-sql';

/**
 * The waiting executions a message can reach: message subscriptions of active (not suspended)
 * executions with the name, narrowed by process instance, business key, process variables
 * (correlation keys), variables local to the waiting execution and tenant.
 */
export async function messageSubscriptionsFor(
  ctx: RuntimeContext,
  request: MessageCorrelationRequest,
  tenant: TenantFilter,
): Promise<EventSubscriptionEntity[]> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return '?';
  };
  const where = [
    "s.event_type = 'message'",
    `s.event_name = ${param(request.messageName)}`,
    's.execution_id IS NOT NULL',
    'EXISTS (SELECT 1 FROM act_ru_execution e WHERE e.id = s.execution_id AND e.suspension_state = 1)',
  ];
  if (request.processInstanceId != null) where.push(`s.proc_inst_id = ${param(request.processInstanceId)}`);
  if (request.businessKey != null) {
    where.push(
      `EXISTS (SELECT 1 FROM act_ru_execution pi WHERE pi.id = s.proc_inst_id AND pi.business_key = ${param(request.businessKey)})`,
    );
  }
  if (tenant.isSet)
    where.push(tenant.tenantId == null ? 's.tenant_id IS NULL' : `s.tenant_id = ${param(tenant.tenantId)}`);
  for (const [name, value] of Object.entries(request.correlationKeys ?? {})) {
    where.push(
      `EXISTS (SELECT 1 FROM act_ru_variable v WHERE v.var_scope = s.proc_inst_id AND v.name = ${param(name)} AND ${variableEqualsSql('v', value, param)})`,
    );
  }
  for (const [name, value] of Object.entries(request.localCorrelationKeys ?? {})) {
    where.push(
      `EXISTS (SELECT 1 FROM act_ru_variable v WHERE v.var_scope = s.execution_id AND v.name = ${param(name)} AND ${variableEqualsSql('v', value, param)})`,
    );
  }
  const rows = await ctx.em.query(
    `SELECT s.* FROM act_ru_event_subscr s WHERE ${where.join(' AND ')} ORDER BY s.created, s.id`,
    params,
  );
  return hydrate(ctx.em, EventSubscriptionEntity, rows);
}
