import { badRequest } from '../errors/rest-error';
import { andWhereLike } from './like';
import { VariableFilter } from './parse-query';
import { f, ParamDef } from './query-spec';
import { valueCondition } from './variable-filters';

/**
 * Filters of the lists whose rows are variables themselves (runtime and historic variable instances, historic
 * details): the row's own name and value columns are compared, no EXISTS over another table.
 */

/** `deserializeValues` / `deserializeValue`: on unless `false` (as a flag or as query-string text). */
export function deserialize(raw: unknown): boolean {
  return raw !== false && raw !== 'false';
}

/** Camunda lower-cases the REST type names (String -> string) before comparing with the stored type. */
export function variableTypeIn(column: string): ParamDef {
  return f.custom('stringList', (qb, v: string[], _a, n) => {
    if (!v.length) return;
    const p = n('types');
    qb.andWhere(`${column} IN (:...${p})`, { [p]: v.map((t) => t.toLowerCase()) });
  });
}

/** There are no cases here: a case filter matches nothing. */
export const noCase: ParamDef = f.custom('string', (qb) => qb.andWhere('1 = 0'));
export const noCaseList: ParamDef = f.custom('stringList', (qb, v: string[]) => {
  if (v.length) qb.andWhere('1 = 0');
});

function nameEquals(alias: string, p: string, ignoreCase: boolean): string {
  return ignoreCase ? `LOWER(${alias}.name) = LOWER(:${p})` : `${alias}.name = :${p}`;
}

/** `variableName`: the row's name, ignoring case when `variableNamesIgnoreCase` is set. */
export function variableNameParam(alias: string): ParamDef {
  return f.custom('string', (qb, v: string, all, n) => {
    const p = n('name');
    qb.andWhere(nameEquals(alias, p, all.variableNamesIgnoreCase === true), { [p]: v });
  });
}

/** `variableNameLike` as Camunda's `NAME_ like #{value}`: the caller's pattern as it is, without wrapping. */
export function variableNameLikeParam(alias: string): ParamDef {
  return f.custom('string', (qb, v: string, all, n) => {
    if (all.variableNamesIgnoreCase === true) andWhereLike(qb, `LOWER(${alias}.name)`, v.toLowerCase(), n('namelike'));
    else andWhereLike(qb, `${alias}.name`, v, n('namelike'));
  });
}

/** Camunda's variableValueEquals(name, value) of the historic query: needs `variableName` beside it. */
export function singleVariableValueParam(alias: string): ParamDef {
  return f.custom('scalar', (qb, value: unknown, all, n) => {
    if (all.variableName == null) {
      throw badRequest(
        'Only a single variable value parameter specified: variable name and value are required to be able to query after a variable value.',
      );
    }
    const filter: VariableFilter = { name: String(all.variableName), operator: 'eq', value };
    const built = valueCondition(qb, alias, filter, all.variableValuesIgnoreCase === true, n);
    qb.andWhere(built.sql, built.params);
  });
}

/**
 * `variableValues` on a variable row (Camunda's `queryVariableValues` of the variable instance query): each
 * `{name, operator, value}` needs the row to carry that name and a value that satisfies it, so two entries of
 * different names match nothing.
 */
export function ownVariableValuesParam(alias: string): ParamDef {
  return {
    type: 'variables',
    apply: (qb, filters: VariableFilter[], all, n) => {
      for (const filter of filters) {
        const p = n('varname');
        const value = valueCondition(qb, alias, filter, all.variableValuesIgnoreCase === true, n);
        qb.andWhere(`${nameEquals(alias, p, all.variableNamesIgnoreCase === true)} AND ${value.sql}`, {
          [p]: filter.name,
          ...value.params,
        });
      }
    },
  };
}
