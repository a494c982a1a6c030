import * as fs from 'node:fs';
import * as path from 'node:path';
import { SRC } from './import-graph';

/**
 * What counts as a write in engine code: recording with the unit of work, a repository or EntityManager write, a
 * query builder's insert/update/delete, SQL text that writes, or the SQL builders for writes of persistence/raw-rows.
 * Entity managers (`*.manager.ts`) are the one place for them (ARCHITECTURE.md, "The write path").
 */
const WRITES: Array<[string, RegExp]> = [
  ['unit of work', /\buow\s*\.\s*(insert|delete|statement|sql|bump|track)\s*\(/],
  [
    'repository write',
    /getRepository(<[^>]*>)?\([^)]*\)\s*\.\s*(insert|update|delete|save|remove|upsert|increment|decrement)\s*\(/,
  ],
  ['EntityManager write', /\b(em|manager)\s*\.\s*(insert|update|delete|save|remove|upsert|increment|decrement)\s*\(/],
  ['query builder write', /createQueryBuilder\([^)]*\)\s*\.\s*(insert|update|delete)\s*\(/],
  ['SQL write', /['"`]\s*(INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/i],
  [
    'write statement builder',
    /\b(insertStatements|updateRowStatement|updateRowsByIdStatements|updateWhereStatement|deleteWhereStatement|deleteRowsStatement)\s*\(/,
  ],
];

/** The kinds of write a source text makes, comments left out. */
export function writesIn(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return WRITES.filter(([, pattern]) => pattern.test(code)).map(([kind]) => kind);
}

/** Whether a src-relative engine file may write: the entity managers and the unit of work itself. */
export function mayWrite(file: string): boolean {
  return file.endsWith('.manager.ts') || file === 'engine/command/unit-of-work.ts';
}

/** Engine files (src-relative) that write outside an entity manager, with what they do. */
export function directWrites(files: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    if (!file.startsWith('engine/') || mayWrite(file)) continue;
    const kinds = writesIn(fs.readFileSync(path.join(SRC, file), 'utf8'));
    if (kinds.length) found.set(file, kinds);
  }
  return found;
}
