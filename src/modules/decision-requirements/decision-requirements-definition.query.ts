import { commonDefinitionParams } from '../../common/query/definition-filters';
import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';

export const DRD_QUERY: QuerySpec = {
  params: {
    decisionRequirementsDefinitionId: f.eq('d.id'),
    decisionRequirementsDefinitionIdIn: f.in('d.id'),
    ...commonDefinitionParams('act_re_decision_req_def'),
    ...tenantParams('d.tenantId', 'includeDecisionRequirementsDefinitionsWithoutTenantId'),
  },
  sortBy: { id: 'd.id', key: 'd.key', name: 'd.name', version: 'd.version', deploymentId: 'd.deploymentId', category: 'd.category', tenantId: 'd.tenantId' },
  defaultOrder: 'd.id',
};
