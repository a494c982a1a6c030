import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricDecisionInstanceEntity } from '../../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricDecisionInstanceDto } from './historic-decision-instance.dto';
import { withDecisionValues } from './historic-decision-values';

export const HISTORIC_DECISION_INSTANCE_QUERY: QuerySpec = {
  params: {
    decisionInstanceId: f.eq('h.id'),
    decisionInstanceIdIn: f.in('h.id'),
    decisionDefinitionId: f.eq('h.decisionDefinitionId'),
    decisionDefinitionIdIn: f.in('h.decisionDefinitionId'),
    decisionDefinitionKey: f.eq('h.decisionDefinitionKey'),
    decisionDefinitionKeyIn: f.in('h.decisionDefinitionKey'),
    decisionDefinitionName: f.eq('h.decisionDefinitionName'),
    decisionDefinitionNameLike: f.like('h.decisionDefinitionName'),
    processDefinitionId: f.eq('h.processDefinitionId'),
    processDefinitionKey: f.eq('h.processDefinitionKey'),
    processInstanceId: f.eq('h.processInstanceId'),
    caseDefinitionId: f.eq('h.caseDefinitionId'),
    caseDefinitionKey: f.eq('h.caseDefinitionKey'),
    caseInstanceId: f.eq('h.caseInstanceId'),
    activityIdIn: f.in('h.activityId'),
    activityInstanceIdIn: f.in('h.activityInstanceId'),
    ...tenantParams('h.tenantId'),
    evaluatedBefore: f.cmp('h.evaluationTime', '<='),
    evaluatedAfter: f.cmp('h.evaluationTime', '>='),
    userId: f.eq('h.userId'),
    rootDecisionInstanceId: f.custom('string', (qb, v, _a, n) => {
      const p = n('root');
      qb.andWhere(`(h.rootDecisionInstanceId = :${p} OR h.id = :${p})`, { [p]: v });
    }),
    rootDecisionInstancesOnly: f.isNull('h.rootDecisionInstanceId'),
    decisionRequirementsDefinitionId: f.eq('h.decisionRequirementsDefinitionId'),
    decisionRequirementsDefinitionKey: f.eq('h.decisionRequirementsDefinitionKey'),
    includeInputs: f.option('boolean'),
    includeOutputs: f.option('boolean'),
    disableBinaryFetching: f.option('boolean'),
    disableCustomObjectDeserialization: f.option('boolean'),
  },
  sortBy: { evaluationTime: 'h.evaluationTime', tenantId: 'h.tenantId' },
  defaultOrder: 'h.id',
};

export const HISTORIC_DECISION_INSTANCE_LIST: QueryResource<
  HistoricDecisionInstanceEntity,
  HistoricDecisionInstanceDto
> = {
  entity: HistoricDecisionInstanceEntity,
  alias: 'h',
  tenantColumn: 'h.tenantId',
  restrict: { permission: 'READ_HISTORY', resource: Resources.DECISION_DEFINITION, column: 'h.decisionDefinitionKey' },
  spec: HISTORIC_DECISION_INSTANCE_QUERY,
  dto: HistoricDecisionInstanceDto,
  toDtos: withDecisionValues,
};

export const CLEANABLE_DECISION_REPORT_QUERY: QuerySpec = {
  params: {
    decisionDefinitionIdIn: f.in('d.id'),
    decisionDefinitionKeyIn: f.in('d.key'),
    ...tenantParams('d.tenantId'),
    compact: f.option('boolean'),
  },
  sortBy: { finished: 'finished' },
  defaultOrder: 'd.id',
};
