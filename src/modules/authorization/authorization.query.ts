import { f, QuerySpec } from '../../common/query/query-spec';
import { QueryResource } from '../../common/query/query-resource';
import { Resources } from '../../engine/authorization/resources';
import { AuthorizationEntity } from '../../persistence/entities/identity/authorization.entity';
import { AuthorizationDto, toAuthorizationDto } from './authorization.dto';

export const AUTHORIZATION_QUERY: QuerySpec = {
  params: {
    id: f.eq('a.id'),
    type: f.eq('a.type', 'int'),
    userIdIn: f.in('a.userId'),
    groupIdIn: f.in('a.groupId'),
    resourceType: f.eq('a.resourceType', 'int'),
    resourceId: f.eq('a.resourceId'),
  },
  sortBy: { resourceType: 'a.resourceType', resourceId: 'a.resourceId' },
  defaultOrder: 'a.id',
};

export const AUTHORIZATION_LIST: QueryResource<AuthorizationEntity, AuthorizationDto> = {
  entity: AuthorizationEntity,
  alias: 'a',
  restrict: { permission: 'READ', resource: Resources.AUTHORIZATION, column: 'a.id' },
  spec: AUTHORIZATION_QUERY,
  dto: AuthorizationDto,
  toDto: toAuthorizationDto,
};
