import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { likeToGlob } from '../../engine/util/like-pattern';
import { isSqlite } from '../../persistence/dialect';

export { likeToGlob };

/**
 * `column LIKE pattern`, case-sensitive on both databases, as Camunda's LIKE is on its case-sensitive
 * collations (MySQL here uses utf8mb4_bin). SQLite's LIKE ignores ASCII case, so there the pattern
 * runs as the equivalent GLOB.
 */
export function andWhereLike(qb: SelectQueryBuilder<ObjectLiteral>, column: string, pattern: string, param: string): void {
  if (isSqlite(qb)) qb.andWhere(`${column} GLOB :${param}`, { [param]: likeToGlob(pattern) });
  else qb.andWhere(`${column} LIKE :${param}`, { [param]: pattern });
}
