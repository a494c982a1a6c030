/**
 * LIKE wildcards -> GLOB wildcards; GLOB's own metacharacters become one-character classes. SQLite's
 * LIKE ignores case while MariaDB's utf8mb4_bin collation does not, so on SQLite `...Like` filters run
 * as the equivalent (case-sensitive) GLOB.
 */
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
