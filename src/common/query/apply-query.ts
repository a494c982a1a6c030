import { SelectQueryBuilder } from 'typeorm';
import { ParsedQuery } from './parse-query';
import { QuerySpec } from './query-spec';

const MAX_RESULTS = 2147483647;

/** Adds every parsed filter of the spec to the query builder. */
export function applyFilters<T extends object>(
  qb: SelectQueryBuilder<T>,
  spec: QuerySpec,
  parsed: ParsedQuery,
): SelectQueryBuilder<T> {
  let counter = 0;
  const namer = (base: string) => `q_${base}_${counter++}`;
  for (const [name, value] of Object.entries(parsed.filters)) {
    const def = spec.params[name];
    if (def?.apply && value !== undefined) def.apply(qb, value, parsed.filters, namer);
  }
  return qb;
}

/** Sorting (or the default id order) and paging; nothing of it for counts. */
export function applyOrderAndPaging<T extends object>(
  qb: SelectQueryBuilder<T>,
  spec: QuerySpec,
  parsed: ParsedQuery,
): SelectQueryBuilder<T> {
  let counter = 0;
  for (const s of parsed.sorting) {
    const order = s.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const parameterized =
      spec.parameterizedSorts && Object.hasOwn(spec.parameterizedSorts, s.sortBy)
        ? spec.parameterizedSorts[s.sortBy]
        : undefined;
    if (parameterized) {
      const { sql, params } = parameterized(s.parameters, (base) => `s_${base}_${counter++}`);
      qb.addOrderBy(sql, order).setParameters(params);
    } else {
      qb.addOrderBy(spec.sortBy[s.sortBy], order);
    }
  }
  // After a column sort the id tie-break runs in that sort's direction: an index on (column, id) then
  // serves the whole ORDER BY in one scan direction and the first page stops after LIMIT rows. Variable
  // sorts (parameterized) cannot use such an index and keep ascending ids.
  const last = parsed.sorting[parsed.sorting.length - 1];
  const tieBreak = last?.sortOrder === 'desc' && !spec.parameterizedSorts?.[last.sortBy] ? 'DESC' : 'ASC';
  if (!parsed.sorting.some((s) => spec.sortBy[s.sortBy] === spec.defaultOrder))
    qb.addOrderBy(spec.defaultOrder, tieBreak);
  // As in Camunda, one paging parameter alone defaults the other (0 / Integer.MAX_VALUE); MySQL
  // cannot take an OFFSET without a LIMIT.
  if (parsed.firstResult !== undefined || parsed.maxResults !== undefined) {
    qb.offset(parsed.firstResult ?? 0);
    qb.limit(parsed.maxResults ?? MAX_RESULTS);
  }
  return qb;
}

export async function listQuery<T extends object>(
  qb: SelectQueryBuilder<T>,
  spec: QuerySpec,
  parsed: ParsedQuery,
): Promise<T[]> {
  return applyOrderAndPaging(applyFilters(qb, spec, parsed), spec, parsed).getMany();
}

export async function countQuery<T extends object>(
  qb: SelectQueryBuilder<T>,
  spec: QuerySpec,
  parsed: ParsedQuery,
): Promise<number> {
  return applyFilters(qb, spec, parsed).getCount();
}
