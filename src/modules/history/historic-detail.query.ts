import { QueryResource } from '../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { Resources } from '../../engine/authorization/resources';
import { HistoricDetailEntity } from '../../persistence/entities/history/historic-detail.entity';
import { HistoricDetailDto, toHistoricDetailDto } from './historic-detail.dto';

export const HISTORIC_DETAIL_QUERY: QuerySpec = {
  params: {
    processInstanceId: f.eq('d.processInstanceId'),
    processInstanceIdIn: f.in('d.processInstanceId'),
    executionId: f.eq('d.executionId'),
    taskId: f.eq('d.taskId'),
    activityInstanceId: f.eq('d.activityInstanceId'),
    // There are no cases: a case filter matches nothing.
    caseInstanceId: f.custom('string', (qb) => qb.andWhere('1 = 0')),
    caseExecutionId: f.custom('string', (qb) => qb.andWhere('1 = 0')),
    variableInstanceId: f.eq('d.variableInstanceId'),
    // Camunda lower-cases the REST type names (String -> string) before comparing with TYPE_.
    variableTypeIn: f.custom('stringList', (qb, v: string[], _a, n) => {
      if (!v.length) return;
      const p = n('types');
      qb.andWhere(`d.type IN (:...${p})`, { [p]: v.map((t) => t.toLowerCase()) });
    }),
    variableNameLike: f.like('d.variableName'),
    ...tenantParams('d.tenantId'),
    userOperationId: f.eq('d.userOperationId'),
    formFields: f.flag("d.detailType = 'FormProperty'"),
    variableUpdates: f.flag("d.detailType = 'VariableUpdate'"),
    excludeTaskDetails: f.isNull('d.taskId'),
    initial: f.flag('d.initial = true'),
    occurredBefore: f.cmp('d.time', '<='),
    occurredAfter: f.cmp('d.time', '>='),
    deserializeValues: f.option('boolean'),
  },
  sortBy: {
    processInstanceId: 'd.processInstanceId',
    variableName: 'd.variableName',
    variableType: 'd.type',
    variableRevision: 'd.revision',
    formPropertyId: 'd.variableName',
    time: 'd.time',
    occurrence: 'd.sequenceCounter',
    tenantId: 'd.tenantId',
  },
  defaultOrder: 'd.id',
};

/** `deserializeValues` / `deserializeValue`: on unless `false` (as a flag or as query-string text). */
export function deserialize(raw: unknown): boolean {
  return raw !== false && raw !== 'false';
}

export const HISTORIC_DETAIL_LIST: QueryResource<HistoricDetailEntity, HistoricDetailDto> = {
  entity: HistoricDetailEntity,
  alias: 'd',
  restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'd.processDefinitionKey' },
  spec: HISTORIC_DETAIL_QUERY,
  dto: HistoricDetailDto,
  toDtos: (rows, { filters }) => rows.map((d) => toHistoricDetailDto(d, deserialize(filters.deserializeValues))),
};
