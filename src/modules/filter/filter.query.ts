import { f, QuerySpec } from '../../common/query/query-spec';
import { QueryResource } from '../../common/query/query-resource';
import { Resources } from '../../engine/authorization/resources';
import { toFilter } from '../../engine/filter/filter.service';
import { FilterEntity } from '../../persistence/entities/runtime/filter.entity';
import { FilterDto, toFilterDto } from './filter.dto';

export const FILTER_QUERY: QuerySpec = {
  params: {
    filterId: f.eq('f.id'),
    resourceType: f.eq('f.resourceType'),
    name: f.eq('f.name'),
    nameLike: f.like('f.name'),
    owner: f.eq('f.owner'),
    // Read by the filter service: adds each filter's item count.
    itemCount: f.option('boolean'),
  },
  sortBy: { filterId: 'f.id', resourceType: 'f.resourceType', name: 'f.name', owner: 'f.owner' },
  defaultOrder: 'f.id',
};

export const FILTER_LIST: QueryResource<FilterEntity, FilterDto> = {
  entity: FilterEntity,
  alias: 'f',
  restrict: { permission: 'READ', resource: Resources.FILTER, column: 'f.id' },
  spec: FILTER_QUERY,
  dto: FilterDto,
  toDto: (row) => toFilterDto(toFilter(row)),
};
