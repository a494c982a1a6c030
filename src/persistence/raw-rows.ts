import { EntityManager, EntityMetadata, ObjectLiteral } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { isSqlite } from './dialect';
import { deferToNextRoundTrip } from './ride-along';

/**
 * Lean inserts and selects for the hot paths (decision history, runtime flushes, lookups by key).
 * TypeORM's query builders cost 50-100 µs of CPU per statement here; these build the SQL once per
 * entity and convert values with the driver's own conversions (dates, booleans, transformers), so
 * the rows are exactly what the repositories would write and read.
 */
interface Shape {
  table: string;
  columns: ColumnMetadata[];
  insertPrefix: string;
  selectList: string;
}

const shapes = new WeakMap<EntityMetadata, Shape>();
// SQLite (>= 3.32) binds up to 32,766 parameters per statement, MySQL 65,535.
const MAX_PARAMS = 30_000;

function shapeOf(em: EntityManager, target: new () => ObjectLiteral): Shape {
  const metadata = em.connection.getMetadata(target);
  let shape = shapes.get(metadata);
  if (!shape) {
    const escape = (name: string) => em.connection.driver.escape(name);
    const columns = metadata.columns;
    shape = {
      table: escape(metadata.tableName),
      columns,
      insertPrefix: `INSERT INTO ${escape(metadata.tableName)} (${columns.map((c) => escape(c.databaseName)).join(', ')}) VALUES `,
      selectList: columns.map((c) => `t.${escape(c.databaseName)}`).join(', '),
    };
    shapes.set(metadata, shape);
  }
  return shape;
}

function persistentValue(em: EntityManager, column: ColumnMetadata, row: ObjectLiteral): unknown {
  let value = row[column.propertyName];
  if (value === undefined) {
    if (column.default === undefined || typeof column.default === 'function') return null;
    value = column.default;
  }
  const prepared = em.connection.driver.preparePersistentValue(value, column);
  return prepared === undefined ? null : prepared;
}

/** A statement with its `?` parameters, built without running it (see WriteBatch). */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/** Multi-row INSERTs of entity-shaped objects (chunked to stay under the drivers' parameter limits). */
export function insertStatements<T extends ObjectLiteral>(
  em: EntityManager,
  target: new () => T,
  rows: Partial<T>[],
): SqlStatement[] {
  if (!rows.length) return [];
  const shape = shapeOf(em, target);
  const perRow = shape.columns.length;
  const rowsPerChunk = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  const placeholders = `(${new Array(perRow).fill('?').join(', ')})`;
  const out: SqlStatement[] = [];
  for (let i = 0; i < rows.length; i += rowsPerChunk) {
    const chunk = rows.slice(i, i + rowsPerChunk);
    const params: unknown[] = [];
    for (const row of chunk) for (const column of shape.columns) params.push(persistentValue(em, column, row));
    out.push({ sql: shape.insertPrefix + new Array(chunk.length).fill(placeholders).join(', '), params });
  }
  return out;
}

/** Hydrates raw rows (column names as in the table) into entities. */
export function hydrate<T extends ObjectLiteral>(em: EntityManager, target: new () => T, raw: ObjectLiteral[]): T[] {
  const shape = shapeOf(em, target);
  return raw.map((r) => {
    const entity = new target();
    for (const column of shape.columns) {
      (entity as ObjectLiteral)[column.propertyName] = em.connection.driver.prepareHydratedValue(
        r[column.databaseName],
        column,
      );
    }
    return entity;
  });
}

/**
 * `SELECT <all columns> FROM <table> t <tail>`, where `tail` holds WHERE/ORDER/LIMIT in plain SQL with
 * `?` placeholders and table column names (alias `t`).
 */
export async function selectRows<T extends ObjectLiteral>(
  em: EntityManager,
  target: new () => T,
  tail: string,
  params: unknown[] = [],
): Promise<T[]> {
  const raw: ObjectLiteral[] = await em.query(selectSql(em, target, tail), params);
  return hydrate(em, target, raw);
}

function selectSql(em: EntityManager, target: new () => ObjectLiteral, tail: string): string {
  const shape = shapeOf(em, target);
  return `SELECT ${shape.selectList} FROM ${shape.table} t ${tail}`;
}

/** One `selectRows`: entity class, tail (WHERE/ORDER/LIMIT with `?`), parameters. */
export type RowSelect<T extends ObjectLiteral> = [new () => T, string, unknown[]];

/**
 * Several `selectRows` in one round trip where the connection takes several statements (MySQL/MariaDB
 * with `multipleStatements`), one after the other otherwise.
 */
export async function selectRowsTogether<T extends ObjectLiteral[]>(
  em: EntityManager,
  ...selects: { [K in keyof T]: RowSelect<T[K]> }
): Promise<{ [K in keyof T]: T[K][] }> {
  const list = selects as Array<RowSelect<ObjectLiteral>>;
  if (!multipleStatements(em)) {
    const out: ObjectLiteral[][] = [];
    for (const select of list) out.push(await selectRows(em, ...select));
    return out as { [K in keyof T]: T[K][] };
  }
  const results = (await em.query(
    list.map(([target, tail]) => selectSql(em, target, tail)).join(';\n'),
    list.flatMap(([, , params]) => params),
  )) as ObjectLiteral[][];
  return list.map(([target], i) => hydrate(em, target, results[i])) as { [K in keyof T]: T[K][] };
}

/**
 * Writes whose affected counts nobody checks, then a select: in one round trip where the transaction's connection
 * takes several statements (the writes ride along with the select, see ride-along.ts; a statement that fails stops
 * the rest, as it would one by one); the select's rows.
 */
export async function writeThenSelect<T extends ObjectLiteral>(
  em: EntityManager,
  writes: SqlStatement[],
  select: RowSelect<T>,
): Promise<T[]> {
  if (!deferToNextRoundTrip(em.queryRunner, writes)) {
    for (const write of writes) await execute(em, write.sql, write.params);
  }
  return selectRows(em, ...select);
}

/** Whether the connection takes several statements in one query (set in `database-url.ts` for MySQL/MariaDB). */
export function multipleStatements(em: EntityManager): boolean {
  if (isSqlite(em)) return false;
  return (em.connection.options as { multipleStatements?: boolean }).multipleStatements === true;
}

/** Parameter for a raw query: drivers differ in how they bind dates and booleans. */
export function sqlParam(em: EntityManager, value: unknown): unknown {
  if (value instanceof Date) {
    return isSqlite(em) ? value.toISOString().replace('T', ' ').replace('Z', '') : value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** Runs a write and returns the affected row count (the structured result TypeORM's runners give). */
export async function execute(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const runner = em.queryRunner ?? em.connection.createQueryRunner();
  try {
    const result = await runner.query(sql, params, true);
    return result.affected ?? 0;
  } finally {
    if (!em.queryRunner) await runner.release();
  }
}

/**
 * `UPDATE <table> SET <changed columns>[, rev = rev + 1] WHERE id = ? [AND rev = ?]`, or null when there
 * is nothing to set; its affected row count tells a caller whether it lost an optimistic-locking race.
 */
export function updateRowStatement<T extends ObjectLiteral>(
  em: EntityManager,
  target: new () => T,
  id: string,
  expectedRev: number | null,
  changes: Partial<T>,
): SqlStatement | null {
  const shape = shapeOf(em, target);
  const escape = (name: string) => em.connection.driver.escape(name);
  const { sets, params } = setClauses(em, shape, changes);
  if (expectedRev != null) sets.push(`${escape('rev')} = ${escape('rev')} + 1`);
  if (!sets.length) return null;
  params.push(id);
  let where = `${escape('id')} = ?`;
  if (expectedRev != null) {
    where += ` AND ${escape('rev')} = ?`;
    params.push(expectedRev);
  }
  return { sql: `UPDATE ${shape.table} SET ${sets.join(', ')} WHERE ${where}`, params };
}

/**
 * Different changes to many unversioned rows in one statement per chunk:
 * `UPDATE t SET c = CASE id WHEN ? THEN ? ... ELSE c END, ... WHERE id IN (...)`. A column is only
 * written for the rows whose changes name it.
 */
export function updateRowsByIdStatements<T extends ObjectLiteral>(
  em: EntityManager,
  target: new () => T,
  changes: Map<string, Partial<T>>,
): SqlStatement[] {
  const shape = shapeOf(em, target);
  const escape = (name: string) => em.connection.driver.escape(name);
  const entries = [...changes.entries()];
  const out: SqlStatement[] = [];
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500);
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const column of shape.columns) {
      const rows = chunk.filter(([, c]) => column.propertyName in c);
      if (!rows.length) continue;
      const name = escape(column.databaseName);
      sets.push(`${name} = CASE ${escape('id')} ${rows.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ${name} END`);
      for (const [id, c] of rows) params.push(id, persistentValue(em, column, c));
    }
    if (!sets.length) continue;
    params.push(...chunk.map(([id]) => id));
    out.push({
      sql: `UPDATE ${shape.table} SET ${sets.join(', ')} WHERE ${escape('id')} IN (${chunk.map(() => '?').join(', ')})`,
      params,
    });
  }
  return out;
}

/**
 * `DELETE FROM <table> WHERE <column> = ? AND <column> IN (...) ...`, from entity property names; an array
 * value is an IN list (callers keep those to a few hundred).
 */
export function deleteWhereStatement<T extends ObjectLiteral>(
  em: EntityManager,
  target: new () => T,
  conditions: Partial<Record<keyof T & string, unknown>>,
): SqlStatement {
  const shape = shapeOf(em, target);
  const where = whereOf(em, shape, conditions);
  return { sql: `DELETE FROM ${shape.table} WHERE ${where.sql}`, params: where.params };
}

/** Equality (an array: IN) on columns named by their entity properties, joined with AND. */
function whereOf(em: EntityManager, shape: Shape, conditions: Record<string, unknown>): SqlStatement {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const [property, value] of Object.entries(conditions)) {
    const column = shape.columns.find((c) => c.propertyName === property);
    if (!column) throw new Error(`${shape.table} has no column for ${property}`);
    const name = em.connection.driver.escape(column.databaseName);
    if (Array.isArray(value)) {
      where.push(value.length ? `${name} IN (${value.map(() => '?').join(', ')})` : '1 = 0');
      params.push(...value);
    } else {
      where.push(`${name} = ?`);
      params.push(value);
    }
  }
  return { sql: where.join(' AND '), params };
}

/** `<column> = ?` for each changed property, with its parameter as the column stores it. */
function setClauses(em: EntityManager, shape: Shape, changes: ObjectLiteral): { sets: string[]; params: unknown[] } {
  const escape = (name: string) => em.connection.driver.escape(name);
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const column of shape.columns) {
    if (!(column.propertyName in changes)) continue;
    sets.push(`${escape(column.databaseName)} = ?`);
    params.push(persistentValue(em, column, changes));
  }
  return { sets, params };
}

/**
 * `UPDATE <table> SET <columns> = ? WHERE <column> = ? AND <column> IN (...) ...`: the same values for every row the
 * conditions pick (property names, as in `deleteWhereStatement`); null when there is nothing to set.
 */
export function updateWhereStatement<T extends ObjectLiteral>(
  em: EntityManager,
  target: new () => T,
  changes: Partial<T>,
  conditions: Partial<Record<keyof T & string, unknown>>,
): SqlStatement | null {
  const shape = shapeOf(em, target);
  const { sets, params } = setClauses(em, shape, changes);
  if (!sets.length) return null;
  const where = whereOf(em, shape, conditions);
  return {
    sql: `UPDATE ${shape.table} SET ${sets.join(', ')} WHERE ${where.sql}`,
    params: [...params, ...where.params],
  };
}

/** `DELETE ... WHERE (id = ? AND rev = ?) OR ...` (or by id alone for unversioned rows). */
export function deleteRowsStatement(
  em: EntityManager,
  target: new () => ObjectLiteral,
  rows: Array<{ id: string; rev?: number | null }>,
  versioned: boolean,
): SqlStatement {
  const shape = shapeOf(em, target);
  const escape = (name: string) => em.connection.driver.escape(name);
  const params: unknown[] = [];
  const where = rows
    .map((row) => {
      params.push(row.id);
      if (!versioned) return `${escape('id')} = ?`;
      params.push(row.rev);
      return `(${escape('id')} = ? AND ${escape('rev')} = ?)`;
    })
    .join(' OR ');
  return { sql: `DELETE FROM ${shape.table} WHERE ${where}`, params };
}
