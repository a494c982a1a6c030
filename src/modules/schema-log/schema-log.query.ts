import { f, QuerySpec } from '../../common/query/query-spec';

/** Camunda's SchemaLogQueryDto: `version` and the one sort, `timestamp`. */
export const SCHEMA_LOG_QUERY: QuerySpec = {
  params: { version: f.eq('m.name') },
  sortBy: { timestamp: 'm.timestamp' },
  defaultOrder: 'm.id',
};
