import { f, ParamDef } from '../../common/query/query-spec';

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
