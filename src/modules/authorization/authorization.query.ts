import { f, QuerySpec } from '../../common/query/query-spec';

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
