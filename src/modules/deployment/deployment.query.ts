import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';

export const DEPLOYMENT_QUERY: QuerySpec = {
  params: {
    id: f.eq('d.id'),
    name: f.eq('d.name'),
    nameLike: f.like('d.name'),
    source: f.eq('d.source'),
    withoutSource: f.isNull('d.source'),
    ...tenantParams('d.tenantId', 'includeDeploymentsWithoutTenantId'),
    after: f.cmp('d.deploymentTime', '>'),
    before: f.cmp('d.deploymentTime', '<'),
  },
  sortBy: { id: 'd.id', name: 'd.name', deploymentTime: 'd.deploymentTime', tenantId: 'd.tenantId' },
  defaultOrder: 'd.id',
};
