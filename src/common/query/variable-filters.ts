import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { parseDate } from '../../engine/util/camunda-date';
import { RestError } from '../errors/rest-error';
import { likeToGlob } from './like';
import { VariableFilter } from './parse-query';
import { f, ParamDef, ParamNamer } from './query-spec';
import { isSqlite } from '../../persistence/dialect';

const COMPARATORS: Record<string, string> = {
  eq: '=',
  neq: '=',
  gt: '>',
  gteq: '>=',
  lt: '<',
  lteq: '<=',
  like: 'LIKE',
};

/** Only a value in Camunda's exact wire date format counts as a date (GET values are strings). */
const WIRE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{4}$/;

/** Relates the variable row (alias given) to the outer row, e.g. `${v}.execution_id = e.id`. */
export type VariableScope = (v: string) => string;

interface Built {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * The value part of one variable condition, as Camunda's `variableValueConditions`: the stored type
 * decides which column is compared (a string only matches String variables, a number every numeric
 * type, a date the epoch millis), `neq` negates the equality (the variable must still exist).
 */
export function valueCondition(
  qb: SelectQueryBuilder<ObjectLiteral>,
  v: string,
  filter: VariableFilter,
  ignoreCase: boolean,
  n: ParamNamer,
): Built {
  const op = COMPARATORS[filter.operator];
  const p = n('varval');
  const value = filter.value;
  let built: Built;
  if (value === null || value === undefined) {
    built = {
      sql: `${v}.text_value IS NULL AND ${v}.text2_value IS NULL AND ${v}.long_value IS NULL AND ${v}.double_value IS NULL AND ${v}.bytes_value IS NULL`,
      params: {},
    };
  } else if (typeof value === 'boolean') {
    built = { sql: `${v}.var_type = 'boolean' AND ${v}.long_value ${op} :${p}`, params: { [p]: value ? 1 : 0 } };
  } else if (typeof value === 'number') {
    built = {
      sql: `(${v}.var_type IN ('integer', 'long', 'short') AND ${v}.long_value ${op} :${p}) OR (${v}.var_type = 'double' AND ${v}.double_value ${op} :${p})`,
      params: { [p]: value },
    };
  } else if (typeof value === 'string' && WIRE_DATE.test(value) && parseDate(value) && filter.operator !== 'like') {
    built = {
      sql: `${v}.var_type = 'date' AND ${v}.long_value ${op} :${p}`,
      params: { [p]: parseDate(value)!.getTime() },
    };
  } else if (typeof value === 'string') {
    built = stringCondition(qb, v, filter.operator, value, ignoreCase, p);
  } else {
    throw new RestError(400, `Variables of type ObjectValue cannot be used to query`);
  }
  const sql = filter.operator === 'neq' ? `NOT (${built.sql})` : `(${built.sql})`;
  return { sql, params: built.params };
}

function stringCondition(
  qb: SelectQueryBuilder<ObjectLiteral>,
  v: string,
  operator: string,
  value: string,
  ignoreCase: boolean,
  p: string,
): Built {
  const column = ignoreCase ? `LOWER(${v}.text_value)` : `${v}.text_value`;
  const param = ignoreCase ? value.toLowerCase() : value;
  if (operator === 'like') {
    // SQLite's LIKE ignores case; GLOB is its case-sensitive equivalent.
    if (isSqlite(qb))
      return { sql: `${v}.var_type = 'string' AND ${column} GLOB :${p}`, params: { [p]: likeToGlob(param) } };
    return { sql: `${v}.var_type = 'string' AND ${column} LIKE :${p}`, params: { [p]: param } };
  }
  return { sql: `${v}.var_type = 'string' AND ${column} ${COMPARATORS[operator]} :${p}`, params: { [p]: param } };
}

/**
 * A `variables`-style filter: each `{name, operator, value}` needs a variable row in `scope` that
 * matches it. `variableNamesIgnoreCase` / `variableValuesIgnoreCase` of the same query apply.
 * History queries look in `act_hi_varinst`, which has the same name and value columns.
 */
export function variableFilter(
  scope: VariableScope,
  operators?: string[],
  table: 'act_ru_variable' | 'act_hi_varinst' = 'act_ru_variable',
): ParamDef {
  return {
    type: 'variables',
    operators,
    apply: (qb, filters: VariableFilter[], all, n) => {
      for (const filter of filters) {
        const v = n('v');
        const name = n('varname');
        const nameSql =
          all.variableNamesIgnoreCase === true ? `LOWER(${v}.name) = LOWER(:${name})` : `${v}.name = :${name}`;
        const value = valueCondition(qb, v, filter, all.variableValuesIgnoreCase === true, n);
        qb.andWhere(`EXISTS (SELECT 1 FROM ${table} ${v} WHERE ${nameSql} AND ${scope(v)} AND ${value.sql})`, {
          [name]: filter.name,
          ...value.params,
        });
      }
    },
  };
}

/** The two case flags every query with variable filters offers; the filters read them. */
export function variableCaseParams(): Record<string, ParamDef> {
  return { variableNamesIgnoreCase: f.option('boolean'), variableValuesIgnoreCase: f.option('boolean') };
}
