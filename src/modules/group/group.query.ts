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
    memberOfTenant: f.custom('string', (qb, v, _a, n) => {
      const p = n('tenant');
      qb.andWhere(`g.id IN (SELECT tm.group_id FROM act_id_tenant_member tm WHERE tm.tenant_id = :${p})`, { [p]: v });
    }),
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
