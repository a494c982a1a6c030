import { Brackets, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { andWhereLike } from './like';

/** `scalar`: a string in the query string, a string, number or boolean as it is in a JSON body (a variable value). */
export type ParamType =
  'string' | 'stringList' | 'int' | 'long' | 'boolean' | 'date' | 'variables' | 'object' | 'scalar';

/** Hands out unique parameter names, so that filters never collide in one query. */
export type ParamNamer = (base: string) => string;

// Each filter narrows `value` to what its parse type yields; `unknown` would not let them under strictFunctionTypes.
export type FilterApply = (
  qb: SelectQueryBuilder<ObjectLiteral>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  value: any,
  all: Record<string, unknown>,
  name: ParamNamer,
) => void;

export interface ParamDef {
  type: ParamType;
  /** Undefined: parsed and validated but applied by the caller (e.g. flags that change the response). */
  apply?: FilterApply;
  /** For `variables`: the operators this filter accepts. */
  operators?: string[];
  description?: string;
}

/** A sort whose SQL depends on the entry's `parameters` (e.g. Camunda's variable sorts); `n` names SQL parameters. */
export type ParameterizedSort = (
  parameters: Record<string, unknown> | undefined,
  n: ParamNamer,
) => { sql: string; params: Record<string, unknown> };

export interface QuerySpec {
  params: Record<string, ParamDef>;
  /** sortBy value → SQL expression to order by (POST `sorting` entries may also name the `parameterizedSorts`). */
  sortBy: Record<string, string>;
  parameterizedSorts?: Record<string, ParameterizedSort>;
  /** Column for the default order (Camunda orders by id asc when nothing is asked). */
  defaultOrder: string;
}

/** Builders for the filters most endpoints share; each pairs a parse type with its SQL. */
export const f = {
  eq: (column: string, type: ParamType = 'string'): ParamDef => ({
    type,
    apply: (qb, v, _a, n) => {
      const p = n('eq');
      qb.andWhere(`${column} = :${p}`, { [p]: v });
    },
  }),
  /** Substring match; a value with `%` is taken as the caller's own pattern. */
  like: (column: string): ParamDef => ({
    type: 'string',
    apply: (qb, v: string, _a, n) => {
      andWhereLike(qb, column, v.includes('%') ? v : `%${v}%`, n('like'));
    },
  }),
  in: (column: string): ParamDef => ({
    type: 'stringList',
    apply: (qb, v: string[], _a, n) => {
      if (!v.length) return;
      const p = n('in');
      qb.andWhere(`${column} IN (:...${p})`, { [p]: v });
    },
  }),
  cmp: (column: string, op: '<' | '<=' | '>' | '>=' | '=', type: ParamType = 'date'): ParamDef => ({
    type,
    apply: (qb, v, _a, n) => {
      const p = n('cmp');
      qb.andWhere(`${column} ${op} :${p}`, { [p]: v });
    },
  }),
  /** True-only flag: `true` applies the condition, `false` means "not set". */
  flag: (condition: string): ParamDef => ({
    type: 'boolean',
    apply: (qb, v: boolean) => {
      if (v) qb.andWhere(condition);
    },
  }),
  /** Boolean filter where true and false select different rows. */
  bool: (whenTrue: string, whenFalse: string): ParamDef => ({
    type: 'boolean',
    apply: (qb, v: boolean) => qb.andWhere(v ? whenTrue : whenFalse),
  }),
  isNull: (column: string): ParamDef => f.flag(`${column} IS NULL`),
  custom: (type: ParamType, apply: FilterApply): ParamDef => ({ type, apply }),
  /** Parsed only: the caller reads the value (response flags such as includeInputs). */
  option: (type: ParamType): ParamDef => ({ type }),
};

/**
 * `tenantIdIn`, `withoutTenantId` and (where offered) `include...WithoutTenantId`, which widens
 * `tenantIdIn` to rows without a tenant.
 */
export function tenantParams(column: string, includeWithoutName?: string): Record<string, ParamDef> {
  const params: Record<string, ParamDef> = {
    tenantIdIn: {
      type: 'stringList',
      apply: (qb, ids: string[], all, n) => {
        const include = includeWithoutName ? all[includeWithoutName] === true : false;
        const p = n('tenant');
        qb.andWhere(
          new Brackets((w) => {
            if (ids.length) w.where(`${column} IN (:...${p})`, { [p]: ids });
            else w.where('1 = 0');
            if (include) w.orWhere(`${column} IS NULL`);
          }),
        );
      },
    },
    withoutTenantId: f.isNull(column),
  };
  if (includeWithoutName) params[includeWithoutName] = { type: 'boolean' };
  return params;
}
