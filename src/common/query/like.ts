import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { likeToGlob } from '../../engine/util/like-pattern';
import { isSqlite } from '../../persistence/dialect';

export { likeToGlob };

/**
 * `column LIKE pattern`, case-sensitive on both databases, as Camunda's LIKE is on its case-sensitive
 * collations (MySQL here uses utf8mb4_bin). SQLite's LIKE ignores ASCII case, so there the pattern
 * runs as the equivalent GLOB.
 */
export function andWhereLike(
  qb: SelectQueryBuilder<ObjectLiteral>,
  column: string,
  pattern: string,
  param: string,
  wrap: (condition: string) => string = (condition) => condition,
): void {
  if (isSqlite(qb)) qb.andWhere(wrap(`${column} GLOB :${param}`), { [param]: likeToGlob(pattern) });
  else qb.andWhere(wrap(`${column} LIKE :${param}`), { [param]: pattern });
}
