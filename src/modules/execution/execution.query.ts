import { f, ParamDef, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { variableCaseParams, variableFilter } from '../../common/query/variable-filters';
import { QueryResource } from '../../common/query/query-resource';
import { instanceReadGrants } from '../../common/query/authorized-rows';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { ExecutionDto, toExecutionDto } from './execution.dto';

function subscribed(eventType: 'signal' | 'message'): ParamDef {
  return f.custom('string', (qb, v, _a, n) => {
    const p = n('event');
    qb.andWhere(
      `EXISTS (SELECT 1 FROM act_ru_event_subscr es WHERE es.execution_id = e.id AND es.event_type = '${eventType}' AND es.event_name = :${p})`,
      {
        [p]: v,
      },
    );
  });
}

function incident(condition: (p: string) => string, like = false): ParamDef {
  return f.custom('string', (qb, v: string, _a, n) => {
    const p = n('incident');
    const value = like && !v.includes('%') ? `%${v}%` : v;
    qb.andWhere(`EXISTS (SELECT 1 FROM act_ru_incident inc WHERE inc.execution_id = e.id AND ${condition(p)})`, {
      [p]: value,
    });
  });
}

export const EXECUTION_QUERY: QuerySpec = {
  params: {
    businessKey: f.custom('string', (qb, v, _a, n) => {
      const p = n('bk');
      qb.andWhere(
        `EXISTS (SELECT 1 FROM act_ru_execution pi WHERE pi.id = e.processInstanceId AND pi.business_key = :${p})`,
        { [p]: v },
      );
    }),
    processDefinitionId: f.eq('e.processDefinitionId'),
    processDefinitionKey: f.eq('e.processDefinitionKey'),
    processInstanceId: f.eq('e.processInstanceId'),
    // Camunda's scope parent leaves the activity to the scope execution it creates; ours keeps the id, so the one that
    // is in the activity is the one without a child there.
    activityId: f.custom('string', (qb, v, _a, n) => {
      const p = n('act');
      qb.andWhere(
        `e.activityId = :${p} AND NOT EXISTS (SELECT 1 FROM act_ru_execution c WHERE c.parent_id = e.id AND c.act_id = :${p})`,
        { [p]: v },
      );
    }),
    signalEventSubscriptionName: subscribed('signal'),
    messageEventSubscriptionName: subscribed('message'),
    active: f.flag('e.suspensionState = 1'),
    suspended: f.flag('e.suspensionState = 2'),
    incidentId: incident((p) => `inc.id = :${p}`),
    incidentType: incident((p) => `inc.incident_type = :${p}`),
    incidentMessage: incident((p) => `inc.incident_msg = :${p}`),
    incidentMessageLike: incident((p) => `inc.incident_msg LIKE :${p}`, true),
    tenantIdIn: tenantParams('e.tenantId').tenantIdIn,
    // Camunda: `variables` are the execution's own, `processVariables` any of its instance (not task-local).
    variables: variableFilter((v) => `${v}.execution_id = e.id`),
    processVariables: variableFilter(
      (v) => `${v}.task_id IS NULL AND ${v}.proc_inst_id = e.processInstanceId`,
      ['eq', 'neq'],
    ),
    ...variableCaseParams(),
  },
  sortBy: {
    instanceId: 'e.processInstanceId',
    definitionKey: 'e.processDefinitionKey',
    definitionId: 'e.processDefinitionId',
    tenantId: 'e.tenantId',
  },
  defaultOrder: 'e.id',
};

export const EXECUTION_LIST: QueryResource<ExecutionEntity, ExecutionDto> = {
  entity: ExecutionEntity,
  alias: 'e',
  tenantColumn: 'e.tenantId',
  restrict: instanceReadGrants('e.processInstanceId', 'e.processDefinitionKey'),
  spec: EXECUTION_QUERY,
  dto: ExecutionDto,
  toDto: toExecutionDto,
};
