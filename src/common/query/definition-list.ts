import { Type } from '@nestjs/common';
import { ResourceType } from '../../engine/authorization/resources';
import { DeploymentEntity } from '../../persistence/entities/repository/deployment.entity';
import { QueryResource } from './query-resource';
import { QuerySpec } from './query-spec';

/**
 * The list of a definition kind (process, decision, decision requirements): the definition `d`
 * with its deployment `dep` (see definition-filters), readable with READ on the definition's key.
 */
export function definitionList<E extends object, D>(
  entity: Type<E>,
  resource: ResourceType,
  spec: QuerySpec,
  dto: Type<D>,
  toDto: (definition: E) => D,
): QueryResource<E, D> {
  return {
    entity,
    alias: 'd',
    tenantColumn: 'd.tenantId',
    scope: (qb) => qb.leftJoin(DeploymentEntity, 'dep', 'dep.id = d.deploymentId'),
    restrict: { permission: 'READ', resource, column: 'd.key' },
    spec,
    dto,
    toDto,
  };
}
