import { QueryRunner, Table, TableColumnOptions, TableIndex, TableIndexOptions } from 'typeorm';
import { isSqlite } from '../dialect';

/**
 * Column builders for migrations: the same logical schema on MySQL/MariaDB and SQLite,
 * written once through TypeORM's Table API instead of two SQL dialects.
 */
export const col = {
  id: (name = 'id'): TableColumnOptions => ({ name, type: 'varchar', length: '64', isPrimary: true }),
  ref: (name: string, nullable = true): TableColumnOptions => ({
    name,
    type: 'varchar',
    length: '64',
    isNullable: nullable,
  }),
  varchar: (name: string, length = 255, nullable = true): TableColumnOptions => ({
    name,
    type: 'varchar',
    length: String(length),
    isNullable: nullable,
  }),
  int: (name: string, nullable = true, def?: number): TableColumnOptions => ({
    name,
    type: 'int',
    isNullable: nullable,
    default: def,
  }),
  bigint: (name: string, nullable = true, def?: number): TableColumnOptions => ({
    name,
    type: 'bigint',
    isNullable: nullable,
    default: def,
  }),
  double: (name: string): TableColumnOptions => ({ name, type: 'double', isNullable: true }),
  bool: (name: string, nullable = true, def?: boolean): TableColumnOptions => ({
    name,
    type: 'boolean',
    isNullable: nullable,
    default: def === undefined ? undefined : def ? 1 : 0,
  }),
  timestamp: (name: string, nullable = true): TableColumnOptions => ({
    name,
    type: 'datetime',
    precision: 3,
    isNullable: nullable,
  }),
  rev: (): TableColumnOptions => ({ name: 'rev', type: 'int', isNullable: false, default: 1 }),
  text: (name: string, nullable = true): TableColumnOptions => ({ name, type: 'text', isNullable: nullable }),
  longText: (name: string, nullable = true): TableColumnOptions => ({ name, type: 'longtext', isNullable: nullable }),
  blob: (name: string): TableColumnOptions => ({ name, type: 'longblob', isNullable: true }),
};

const SQLITE_TYPES: Record<string, string> = { longblob: 'blob', longtext: 'text' };

export async function createTable(
  runner: QueryRunner,
  name: string,
  columns: TableColumnOptions[],
  indices: TableIndexOptions[] = [],
): Promise<void> {
  const sqlite = isSqlite(runner);
  const adapted = columns.map((c) => {
    if (!sqlite) return c;
    const { precision: _precision, ...rest } = c;
    return { ...rest, type: SQLITE_TYPES[c.type] ?? c.type };
  });
  await runner.createTable(new Table({ name, columns: adapted, indices }), true);
}

export async function createIndex(
  runner: QueryRunner,
  table: string,
  name: string,
  columnNames: string[],
  isUnique = false,
): Promise<void> {
  await runner.createIndex(table, new TableIndex({ name, columnNames, isUnique }));
}

/** The variable value columns every variable-like table shares (see engine/variables/variable-columns.ts). */
export function variableValueColumns(): TableColumnOptions[] {
  return [
    col.varchar('var_type', 64, false),
    col.varchar('text_value', 4000),
    col.varchar('text2_value', 4000),
    col.bigint('long_value'),
    col.double('double_value'),
    col.blob('bytes_value'),
  ];
}
