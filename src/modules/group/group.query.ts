import { f, QuerySpec } from '../../common/query/query-spec';
import { QueryResource } from '../../common/query/query-resource';
import { Resources } from '../../engine/authorization/resources';
import { GroupEntity } from '../../persistence/entities/identity/group.entity';
import { GroupDto, toGroupDto } from './group.dto';

export const GROUP_QUERY: QuerySpec = {
  params: {
    id: f.eq('g.id'),
    idIn: f.in('g.id'),
    name: f.eq('g.name'),
    nameLike: f.like('g.name'),
    type: f.eq('g.type'),
    member: f.custom('string', (qb, v, _a, n) => {
      const p = n('member');
      qb.andWhere(`g.id IN (SELECT m.group_id FROM act_id_membership m WHERE m.user_id = :${p})`, { [p]: v });
    }),
    // Tenants are not supported yet, so no group is a member of one.
    memberOfTenant: f.custom('string', (qb) => qb.andWhere('1 = 0')),
  },
  sortBy: { id: 'g.id', name: 'g.name', type: 'g.type' },
  defaultOrder: 'g.id',
};

export const GROUP_LIST: QueryResource<GroupEntity, GroupDto> = {
  entity: GroupEntity,
  alias: 'g',
  restrict: { permission: 'READ', resource: Resources.GROUP, column: 'g.id' },
  spec: GROUP_QUERY,
  dto: GroupDto,
  toDto: toGroupDto,
};
