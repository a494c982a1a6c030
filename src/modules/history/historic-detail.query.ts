import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';

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
    processInstanceId: 'd.processInstanceId', variableName: 'd.variableName', variableType: 'd.type', variableRevision: 'd.revision',
    formPropertyId: 'd.variableName', time: 'd.time', occurrence: 'd.sequenceCounter', tenantId: 'd.tenantId',
  },
  defaultOrder: 'd.id',
};
