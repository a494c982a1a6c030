import { Resources } from '../../engine/authorization/resources';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { QueryResource } from './query-resource';
import { f, QuerySpec, tenantParams } from './query-spec';

const STATE = (state: string) => f.flag(`h.state = '${state}'`);

/** Camunda's HistoricProcessInstanceQueryDto: the history list's filters, and the selection of operations on instances. */
export const HISTORIC_PROCESS_INSTANCE_QUERY: QuerySpec = {
  params: {
    processInstanceId: f.eq('h.id'),
    processInstanceIds: f.in('h.id'),
    processDefinitionId: f.eq('h.processDefinitionId'),
    processDefinitionKey: f.eq('h.processDefinitionKey'),
    processDefinitionKeyIn: f.in('h.processDefinitionKey'),
    processDefinitionName: f.eq('d.name'),
    processDefinitionNameLike: f.like('d.name'),
    processInstanceBusinessKey: f.eq('h.businessKey'),
    processInstanceBusinessKeyIn: f.in('h.businessKey'),
    processInstanceBusinessKeyLike: f.like('h.businessKey'),
    rootProcessInstances: f.isNull('h.superProcessInstanceId'),
    finished: f.flag('h.endTime IS NOT NULL'),
    unfinished: f.flag('h.endTime IS NULL'),
    superProcessInstanceId: f.eq('h.superProcessInstanceId'),
    subProcessInstanceId: f.custom('string', (qb, v, _a, n) => {
      const p = n('sub');
      qb.andWhere(`h.id = (SELECT s.super_proc_inst_id FROM act_hi_procinst s WHERE s.id = :${p})`, { [p]: v });
    }),
    startedBy: f.eq('h.startUserId'),
    startedBefore: f.cmp('h.startTime', '<='),
    startedAfter: f.cmp('h.startTime', '>='),
    finishedBefore: f.cmp('h.endTime', '<='),
    finishedAfter: f.cmp('h.endTime', '>='),
    ...tenantParams('h.tenantId'),
    active: STATE('ACTIVE'),
    suspended: STATE('SUSPENDED'),
    completed: STATE('COMPLETED'),
    externallyTerminated: STATE('EXTERNALLY_TERMINATED'),
    internallyTerminated: STATE('INTERNALLY_TERMINATED'),
  },
  sortBy: {
    instanceId: 'h.id',
    definitionId: 'h.processDefinitionId',
    definitionKey: 'h.processDefinitionKey',
    definitionName: 'd.name',
    definitionVersion: 'd.version',
    businessKey: 'h.businessKey',
    startTime: 'h.startTime',
    endTime: 'h.endTime',
    duration: 'h.durationInMillis',
    tenantId: 'h.tenantId',
  },
  defaultOrder: 'h.id',
};

class HistoricProcessInstanceIdDto {
  id: string;
}

/**
 * The historic process instances a caller may see (READ_HISTORY on their definition), as ids: what operations on a
 * group of instances select with a historic query.
 */
export const HISTORIC_PROCESS_INSTANCE_IDS: QueryResource<HistoricProcessInstanceEntity, HistoricProcessInstanceIdDto> =
  {
    entity: HistoricProcessInstanceEntity,
    alias: 'h',
    tenantColumn: 'h.tenantId',
    scope: (qb) => qb.leftJoin(ProcessDefinitionEntity, 'd', 'd.id = h.processDefinitionId'),
    restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'h.processDefinitionKey' },
    spec: HISTORIC_PROCESS_INSTANCE_QUERY,
    dto: HistoricProcessInstanceIdDto,
    toDto: (h) => ({ id: h.id }),
  };
