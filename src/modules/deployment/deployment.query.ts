import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { QueryResource } from '../../common/query/query-resource';
import { Resources } from '../../engine/authorization/resources';
import { DeploymentEntity } from '../../persistence/entities/repository/deployment.entity';
import { DeploymentDto, toDeploymentDto } from './deployment.dto';

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

export const DEPLOYMENT_LIST: QueryResource<DeploymentEntity, DeploymentDto> = {
  entity: DeploymentEntity,
  alias: 'd',
  tenantColumn: 'd.tenantId',
  restrict: { permission: 'READ', resource: Resources.DEPLOYMENT, column: 'd.id' },
  spec: DEPLOYMENT_QUERY,
  dto: DeploymentDto,
  toDto: toDeploymentDto,
};
