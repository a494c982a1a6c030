import { f, QuerySpec } from '../../common/query/query-spec';
import { QueryResource } from '../../common/query/query-resource';
import { Resources } from '../../engine/authorization/resources';
import { TenantEntity } from '../../persistence/entities/identity/tenant.entity';
import { TenantDto, toTenantDto } from './tenant.dto';

export const TENANT_QUERY: QuerySpec = {
  params: {
    id: f.eq('t.id'),
    name: f.eq('t.name'),
    nameLike: f.like('t.name'),
    userMember: f.custom('string', (qb, v, all, n) => {
      const p = n('user');
      // includingGroupsOfUser widens userMember to the tenants of the user's groups (Camunda's TenantQuery).
      const viaGroups = all.includingGroupsOfUser
        ? ` OR tm.group_id IN (SELECT m.group_id FROM act_id_membership m WHERE m.user_id = :${p})`
        : '';
      qb.andWhere(`t.id IN (SELECT tm.tenant_id FROM act_id_tenant_member tm WHERE tm.user_id = :${p}${viaGroups})`, {
        [p]: v,
      });
    }),
    groupMember: f.custom('string', (qb, v, _a, n) => {
      const p = n('group');
      qb.andWhere(`t.id IN (SELECT tm.tenant_id FROM act_id_tenant_member tm WHERE tm.group_id = :${p})`, { [p]: v });
    }),
    includingGroupsOfUser: f.option('boolean'),
  },
  sortBy: { id: 't.id', name: 't.name' },
  defaultOrder: 't.id',
};

export const TENANT_LIST: QueryResource<TenantEntity, TenantDto> = {
  entity: TenantEntity,
  alias: 't',
  restrict: { permission: 'READ', resource: Resources.TENANT, column: 't.id' },
  spec: TENANT_QUERY,
  dto: TenantDto,
  toDto: toTenantDto,
};
