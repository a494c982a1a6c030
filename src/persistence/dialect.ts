import { DataSource, EntityManager, QueryRunner, SelectQueryBuilder } from 'typeorm';

/**
 * The differences between SQLite and MySQL/MariaDB, in one place. SQLite (better-sqlite3) has one
 * writer and no row locks; MySQL/MariaDB claim rows with FOR UPDATE (SKIP LOCKED) and compare
 * strings without case folding only through GLOB on SQLite vs a binary collation on MySQL.
 */
type HasConnection = DataSource | EntityManager | QueryRunner | SelectQueryBuilder<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any entity

function dataSourceOf(x: HasConnection): DataSource {
  return x instanceof DataSource ? x : x.connection;
}

export function isSqlite(x: HasConnection): boolean {
  return dataSourceOf(x).options.type === 'better-sqlite3';
}

/** `FOR UPDATE` where rows can be locked; nothing on SQLite, whose single writer already excludes others. */
export function forUpdate(x: HasConnection, skipLocked = false): string {
  if (isSqlite(x)) return '';
  return skipLocked ? ' FOR UPDATE SKIP LOCKED' : ' FOR UPDATE';
}

/** The month (1-12) of a timestamp column, as an integer SQL expression. */
export function monthOf(x: HasConnection, column: string): string {
  return isSqlite(x) ? `CAST(strftime('%m', ${column}) AS INTEGER)` : `MONTH(${column})`;
}

/** The minute (0-59) of a timestamp column, as an integer SQL expression. */
export function minuteOf(x: HasConnection, column: string): string {
  return isSqlite(x) ? `CAST(strftime('%M', ${column}) AS INTEGER)` : `MINUTE(${column})`;
}
