import { In } from 'typeorm';
import { PageContext, QueryResource } from './query-resource';
import { f, QuerySpec, tenantParams } from './query-spec';
import { Resources } from '../../engine/authorization/resources';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { HistoricProcessInstanceDto, toHistoricProcessInstanceDto } from '../dto/historic-process-instance.dto';

const STATE = (state: string) => f.flag(`h.state = '${state}'`);

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

/** Definition names and versions for a whole page in one query. */
async function withDefinitions(
  rows: HistoricProcessInstanceEntity[],
  { em }: PageContext,
): Promise<HistoricProcessInstanceDto[]> {
  const ids = [...new Set(rows.map((h) => h.processDefinitionId))];
  const definitions = ids.length
    ? await em
        .getRepository(ProcessDefinitionEntity)
        .find({ select: { id: true, name: true, version: true }, where: { id: In(ids) } })
    : [];
  const byId = new Map(definitions.map((d) => [d.id, d]));
  return rows.map((h) => toHistoricProcessInstanceDto(h, byId.get(h.processDefinitionId)));
}

export const HISTORIC_PROCESS_INSTANCE_LIST: QueryResource<HistoricProcessInstanceEntity, HistoricProcessInstanceDto> =
  {
    entity: HistoricProcessInstanceEntity,
    alias: 'h',
    // The definition's name and version are filters and sort keys.
    scope: (qb) => qb.leftJoin(ProcessDefinitionEntity, 'd', 'd.id = h.processDefinitionId'),
    restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'h.processDefinitionKey' },
    spec: HISTORIC_PROCESS_INSTANCE_QUERY,
    dto: HistoricProcessInstanceDto,
    toDtos: withDefinitions,
  };
