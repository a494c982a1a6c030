import { EntityManager, ObjectLiteral } from 'typeorm';
import { OptimisticLockingError } from '../errors';
import { deleteRows, insertRows, updateRow } from '../../persistence/raw-rows';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EntityClass<T extends ObjectLiteral = any> = new () => T;

interface Tracked {
  cls: EntityClass;
  snapshot: Record<string, unknown>;
}

/** A statement that is not about one tracked entity (bulk deletes, re-pointing references). */
export type Statement = (em: EntityManager) => Promise<unknown>;

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
  private readonly statements: Statement[] = [];

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

  statement(statement: Statement): void {
    this.statements.push(statement);
  }

  async flush(): Promise<void> {
    // Bumped rows go first; one that is deleted anyway is deleted first instead (the delete checks the revision too).
    const first = [...this.tracked.entries()]
      .filter(([e]) => this.bumped.has(e))
      .sort(([a], [b]) => String((a as ObjectLiteral).id).localeCompare(String((b as ObjectLiteral).id)));
    for (const [entity, t] of first) {
      if (this.deleted.has(entity)) {
        await this.deleteRows(t.cls, [entity]);
        this.deleted.delete(entity);
      } else {
        await this.update(entity, t, true);
      }
    }
    await this.insertAll();
    for (const [entity, t] of this.tracked) {
      if (!this.bumped.has(entity) && !this.deleted.has(entity)) await this.update(entity, t, false);
    }
    for (const statement of this.statements) await statement(this.em);
    await this.deleteAll();
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

  private async update(entity: ObjectLiteral, t: Tracked, force: boolean): Promise<void> {
    const changes: Record<string, unknown> = {};
    for (const p of this.columns(t.cls)) {
      if (p === 'rev' || p === 'id') continue;
      if (!same(t.snapshot[p], entity[p])) changes[p] = entity[p];
    }
    if (!force && Object.keys(changes).length === 0) return;
    const name = this.em.connection.getMetadata(t.cls).targetName;
    // Lean SQL instead of a query builder: flushes sit on every hot path (start, complete, fetch).
    if (this.versioned(t.cls)) {
      const affected = await updateRow(this.em, t.cls, entity.id, entity.rev, changes);
      if (!affected) throw new OptimisticLockingError(`UPDATE ${name}[${entity.id}]`);
      entity.rev = entity.rev + 1;
    } else if (Object.keys(changes).length) {
      await updateRow(this.em, t.cls, entity.id, null, changes);
    }
    t.snapshot = this.snapshot(t.cls, entity);
  }

  private async insertAll(): Promise<void> {
    const byClass = new Map<EntityClass, object[]>();
    for (const [entity, cls] of this.inserted) {
      if (!byClass.has(cls)) byClass.set(cls, []);
      byClass.get(cls)!.push(entity);
    }
    for (const [cls, rows] of byClass) {
      await insertRows(this.em, cls, rows as ObjectLiteral[]);
    }
  }

  private async deleteAll(): Promise<void> {
    const byClass = new Map<EntityClass, ObjectLiteral[]>();
    for (const [entity, cls] of this.deleted) {
      if (!byClass.has(cls)) byClass.set(cls, []);
      byClass.get(cls)!.push(entity);
    }
    for (const [cls, rows] of byClass) await this.deleteRows(cls, rows);
  }

  /** `DELETE ... WHERE (id = ? AND rev = ?) OR ...`: one statement per chunk, every row revision-checked. */
  private async deleteRows(cls: EntityClass, rows: ObjectLiteral[]): Promise<void> {
    const versioned = this.versioned(cls);
    const name = this.em.connection.getMetadata(cls).targetName;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK) as Array<{ id: string; rev?: number }>;
      const affected = await deleteRows(this.em, cls, chunk, versioned);
      if (versioned && affected !== chunk.length) {
        throw new OptimisticLockingError(`DELETE ${name}[${chunk.map((r) => r.id).join(', ')}]`);
      }
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
