import { f, QuerySpec } from '../../common/query/query-spec';
import { QueryResource } from '../../common/query/query-resource';
import { Resources } from '../../engine/authorization/resources';
import { UserEntity } from '../../persistence/entities/identity/user.entity';
import { toUserProfileDto, UserProfileDto } from './user.dto';

export const USER_QUERY: QuerySpec = {
  params: {
    id: f.eq('u.id'),
    idIn: f.in('u.id'),
    firstName: f.eq('u.firstName'),
    firstNameLike: f.like('u.firstName'),
    lastName: f.eq('u.lastName'),
    lastNameLike: f.like('u.lastName'),
    email: f.eq('u.email'),
    emailLike: f.like('u.email'),
    memberOfGroup: f.custom('string', (qb, v, _a, n) => {
      const p = n('group');
      qb.andWhere(`u.id IN (SELECT m.user_id FROM act_id_membership m WHERE m.group_id = :${p})`, { [p]: v });
    }),
    // Direct members only, as Camunda's user query (not the members of the tenant's groups).
    memberOfTenant: f.custom('string', (qb, v, _a, n) => {
      const p = n('tenant');
      qb.andWhere(`u.id IN (SELECT tm.user_id FROM act_id_tenant_member tm WHERE tm.tenant_id = :${p})`, { [p]: v });
    }),
  },
  sortBy: { userId: 'u.id', firstName: 'u.firstName', lastName: 'u.lastName', email: 'u.email' },
  defaultOrder: 'u.id',
};

export const USER_LIST: QueryResource<UserEntity, UserProfileDto> = {
  entity: UserEntity,
  alias: 'u',
  restrict: { permission: 'READ', resource: Resources.USER, column: 'u.id' },
  spec: USER_QUERY,
  dto: UserProfileDto,
  toDto: toUserProfileDto,
};
