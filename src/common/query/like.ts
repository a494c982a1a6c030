import { SelectQueryBuilder } from 'typeorm';

/** LIKE wildcards → GLOB wildcards; GLOB's own metacharacters become one-character classes. */
export function likeToGlob(pattern: string): string {
  let glob = '';
  for (const ch of pattern) {
    if (ch === '%') glob += '*';
    else if (ch === '_') glob += '?';
    else if (ch === '*' || ch === '?' || ch === '[') glob += `[${ch}]`;
    else glob += ch;
  }
  return glob;
}

/**
 * `column LIKE pattern`, case-sensitive on both databases, as Camunda's LIKE is on its case-sensitive
 * collations (MySQL here uses utf8mb4_bin). SQLite's LIKE ignores ASCII case, so there the pattern
 * runs as the equivalent GLOB.
 */
export function andWhereLike(qb: SelectQueryBuilder<any>, column: string, pattern: string, param: string): void {
  if (qb.connection.options.type === 'better-sqlite3') qb.andWhere(`${column} GLOB :${param}`, { [param]: likeToGlob(pattern) });
  else qb.andWhere(`${column} LIKE :${param}`, { [param]: pattern });
}
