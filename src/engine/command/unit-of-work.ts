import { EntityManager, ObjectLiteral } from 'typeorm';
import { OptimisticLockingError } from '../errors';
import {
  deleteRowsStatement,
  execute,
  insertStatements,
  SqlStatement,
  updateRowStatement,
} from '../../persistence/raw-rows';
import { WriteBatch } from '../../persistence/write-batch';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EntityClass<T extends ObjectLiteral = any> = new () => T;

interface Tracked {
  cls: EntityClass;
  snapshot: Record<string, unknown>;
}

/** A statement that is not about one tracked entity (bulk deletes, re-pointing references). */
export type Statement = (em: EntityManager) => Promise<unknown>;

/** Such statements as SQL, built at flush: they go out with the entity writes around them (see WriteBatch). */
export type StatementBuilder = (em: EntityManager) => Array<SqlStatement | null>;

const CHUNK = 400;

/**
 * Records what a command changed and writes it once, at the end: the revision bumps of the process
 * instances first (so that two commands on one instance collide on their first write and the loser
 * fails fast), then bulk inserts per table, revision-checked updates, bulk statements and
 * revision-checked deletes. Zero affected rows on a checked write means another transaction won.
 */
export class UnitOfWork {
  private readonly inserted = new Map<object, EntityClass>();
  private readonly tracked = new Map<object, Tracked>();
  private readonly deleted = new Map<object, EntityClass>();
  private readonly bumped = new Set<object>();
  private readonly statements: Array<Statement | { build: StatementBuilder }> = [];

  constructor(private readonly em: EntityManager) {}

  insert<T extends ObjectLiteral>(cls: EntityClass<T>, entity: T): T {
    this.inserted.set(entity, cls);
    return entity;
  }

  /** Starts watching a loaded entity; changes to its columns are written at flush. */
  track<T extends ObjectLiteral>(cls: EntityClass<T>, entity: T): T {
    if (!this.tracked.has(entity) && !this.inserted.has(entity)) {
      this.tracked.set(entity, { cls, snapshot: this.snapshot(cls, entity) });
    }
    return entity;
  }

  delete<T extends ObjectLiteral>(cls: EntityClass<T>, entity: T): void {
    if (this.inserted.delete(entity)) return;
    this.deleted.set(entity, cls);
  }

  /** The entities of a class inserted by this command so far (not yet written). */
  pendingInserts<T extends ObjectLiteral>(cls: EntityClass<T>): T[] {
    return [...this.inserted].filter(([, c]) => c === cls).map(([entity]) => entity as T);
  }

  isNew(entity: object): boolean {
    return this.inserted.has(entity);
  }

  isDeleted(entity: object): boolean {
    return this.deleted.has(entity);
  }

  /** Forces a revision-checked write of a tracked entity even if nothing else changed. */
  bump(entity: object): void {
    if (this.tracked.has(entity)) this.bumped.add(entity);
  }

  /**
   * A revision-checked delete written at once instead of at flush, for a row the rest of the command must not meet
   * again: false when another transaction changed or deleted it first.
   */
  async deleteNow<T extends ObjectLiteral & { id: string; rev?: number }>(
    cls: EntityClass<T>,
    entity: T,
  ): Promise<boolean> {
    const { sql, params } = deleteRowsStatement(this.em, cls, [entity], this.versioned(cls));
    return (await execute(this.em, sql, params)) > 0;
  }

  statement(statement: Statement): void {
    this.statements.push(statement);
  }

  /** A statement in SQL, built when the flush reaches it; cheaper than `statement` on MySQL/MariaDB (no round trip of its own). */
  sql(build: StatementBuilder): void {
    this.statements.push({ build });
  }

  async flush(): Promise<void> {
    const batch = new WriteBatch(this.em);
    // Bumped rows go first, in a round trip of their own, so that the loser of a race fails before it
    // writes anything else; one that is deleted anyway is deleted first instead (the delete checks the revision too).
    const first = [...this.tracked.entries()]
      .filter(([e]) => this.bumped.has(e))
      .sort(([a], [b]) => String((a as ObjectLiteral).id).localeCompare(String((b as ObjectLiteral).id)));
    for (const [entity, t] of first) {
      if (this.deleted.has(entity)) {
        this.addDeletes(batch, t.cls, [entity]);
        this.deleted.delete(entity);
      } else {
        this.addUpdate(batch, entity, t, true);
      }
    }
    await batch.run();
    this.addInserts(batch);
    for (const [entity, t] of this.tracked) {
      if (!this.bumped.has(entity) && !this.deleted.has(entity)) this.addUpdate(batch, entity, t, false);
    }
    for (const statement of this.statements) {
      if (typeof statement === 'function') {
        await batch.run();
        await statement(this.em);
      } else {
        batch.addAll(statement.build(this.em));
      }
    }
    this.addAllDeletes(batch);
    await batch.run();
    this.inserted.clear();
    this.tracked.clear();
    this.deleted.clear();
    this.bumped.clear();
    this.statements.length = 0;
  }

  private columns(cls: EntityClass): string[] {
    return this.em.connection.getMetadata(cls).columns.map((c) => c.propertyName);
  }

  private versioned(cls: EntityClass): boolean {
    return this.em.connection.getMetadata(cls).columns.some((c) => c.propertyName === 'rev');
  }

  private snapshot(cls: EntityClass, entity: ObjectLiteral): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of this.columns(cls)) out[p] = copy(entity[p]);
    return out;
  }

  private addUpdate(batch: WriteBatch, entity: ObjectLiteral, t: Tracked, force: boolean): void {
    const changes: Record<string, unknown> = {};
    for (const p of this.columns(t.cls)) {
      if (p === 'rev' || p === 'id') continue;
      if (!same(t.snapshot[p], entity[p])) changes[p] = entity[p];
    }
    if (!force && Object.keys(changes).length === 0) return;
    if (this.versioned(t.cls)) {
      const name = this.em.connection.getMetadata(t.cls).targetName;
      batch.add(updateRowStatement(this.em, t.cls, entity.id, entity.rev, changes), (affected) => {
        if (!affected) throw new OptimisticLockingError(`UPDATE ${name}[${entity.id}]`);
        entity.rev = entity.rev + 1;
        t.snapshot = this.snapshot(t.cls, entity);
      });
    } else if (Object.keys(changes).length) {
      batch.add(updateRowStatement(this.em, t.cls, entity.id, null, changes));
      t.snapshot = this.snapshot(t.cls, entity);
    }
  }

  private addInserts(batch: WriteBatch): void {
    const byClass = new Map<EntityClass, object[]>();
    for (const [entity, cls] of this.inserted) {
      if (!byClass.has(cls)) byClass.set(cls, []);
      byClass.get(cls)!.push(entity);
    }
    for (const [cls, rows] of byClass) batch.addAll(insertStatements(this.em, cls, rows as ObjectLiteral[]));
  }

  private addAllDeletes(batch: WriteBatch): void {
    const byClass = new Map<EntityClass, ObjectLiteral[]>();
    for (const [entity, cls] of this.deleted) {
      if (!byClass.has(cls)) byClass.set(cls, []);
      byClass.get(cls)!.push(entity);
    }
    for (const [cls, rows] of byClass) this.addDeletes(batch, cls, rows);
  }

  /** `DELETE ... WHERE (id = ? AND rev = ?) OR ...`: one statement per chunk, every row revision-checked. */
  private addDeletes(batch: WriteBatch, cls: EntityClass, rows: ObjectLiteral[]): void {
    const versioned = this.versioned(cls);
    const name = this.em.connection.getMetadata(cls).targetName;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK) as Array<{ id: string; rev?: number }>;
      batch.add(deleteRowsStatement(this.em, cls, chunk, versioned), (affected) => {
        if (versioned && affected !== chunk.length) {
          throw new OptimisticLockingError(`DELETE ${name}[${chunk.map((r) => r.id).join(', ')}]`);
        }
      });
    }
  }
}

function copy(value: unknown): unknown {
  if (value instanceof Date) return new Date(value.getTime());
  if (Buffer.isBuffer(value)) return Buffer.from(value);
  return value;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a == b;
  }
  if (Buffer.isBuffer(a) || Buffer.isBuffer(b)) return Buffer.isBuffer(a) && Buffer.isBuffer(b) ? a.equals(b) : a == b;
  if (a == null && b == null) return true;
  return a === b;
}
