import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { Transactions } from '../../../src/engine/command/transactions';
import { openDataSource } from '../../../src/persistence/data-source';
import { databaseLabel, freshTestDatabase } from '../../support/test-app';
import { recordStatements } from '../../support/statement-log';
import { WriteBatch } from '../../../src/persistence/write-batch';

const onSqlite = databaseLabel() === 'sqlite' ? it : it.skip;
const onMysql = databaseLabel() === 'sqlite' ? it.skip : it;

/**
 * Units of work are atomic and answered only once committed, on both databases; on SQLite, units that
 * queue up share one COMMIT (group commit) without a failing unit taking the others down.
 */
describe(`transactions (${databaseLabel()})`, () => {
  let ds: DataSource;
  let tx: Transactions;
  let drop: () => Promise<void>;
  let file: string | null = null;
  /** A second connection to the SQLite file (better-sqlite3's, synchronous: it reads what is committed at that moment). */
  let other: DataSource | null = null;
  const statements: string[] = [];

  beforeAll(async () => {
    if (databaseLabel() === 'sqlite') {
      // A file, so that a second connection can tell what is committed.
      file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tx-spec-')), 'engine.sqlite');
      drop = async () => fs.rmSync(path.dirname(file!), { recursive: true, force: true });
      ds = await openDataSource(`sqlite:${file}`);
      other = await new DataSource({ type: 'better-sqlite3', database: file, readonly: true }).initialize();
    } else {
      const db = await freshTestDatabase();
      drop = db.drop;
      ds = await openDataSource(db.url);
    }
    await ds.query('CREATE TABLE tx_probe (id VARCHAR(64) NOT NULL PRIMARY KEY, v INT NOT NULL)');
    recordStatements(ds, statements);
    tx = new Transactions(ds);
  });
  afterAll(async () => {
    await other?.destroy();
    await ds.destroy();
    await drop();
  });
  beforeEach(async () => {
    await tx.write((em) => em.query('DELETE FROM tx_probe'));
    statements.length = 0;
  });

  const insert = (em: EntityManager, id: string, v = 1) =>
    em.query('INSERT INTO tx_probe (id, v) VALUES (?, ?)', [id, v]);
  const ids = async () =>
    ((await tx.read((em) => em.query('SELECT id FROM tx_probe ORDER BY id'))) as { id: string }[]).map((r) => r.id);
  const committedIds = () => {
    const connection = (
      other!.driver as unknown as { databaseConnection: { prepare(sql: string): { all(): { id: string }[] } } }
    ).databaseConnection;
    return connection
      .prepare('SELECT id FROM tx_probe ORDER BY id')
      .all()
      .map((r) => r.id);
  };
  const commits = () => statements.filter((q) => /^COMMIT/i.test(q)).length;

  it('commits every unit of concurrent work and rolls back only the one that failed', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        tx.write(async (em) => {
          await insert(em, `u${i}`);
          if (i === 0 || i === 4) throw new Error(`unit ${i} fails after its insert`);
          return i;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      ...Array(3).fill('fulfilled'),
      'rejected',
      ...Array(5).fill('fulfilled'),
    ]);
    expect((results[4] as PromiseRejectedResult).reason.message).toBe('unit 4 fails after its insert');
    expect(await ids()).toEqual(['u1', 'u2', 'u3', 'u5', 'u6', 'u7', 'u8', 'u9']);
  });

  it('a unit that breaks a constraint is undone alone, the units before and after it stay', async () => {
    await tx.write((em) => insert(em, 'taken'));
    const results = await Promise.allSettled([
      tx.write((em) => insert(em, 'a')),
      tx.write(async (em) => {
        await insert(em, 'b');
        await insert(em, 'taken');
      }),
      tx.write((em) => insert(em, 'c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await ids()).toEqual(['a', 'c', 'taken']);
  });

  onSqlite('answers a unit only once its change is committed, and queued units share one COMMIT', async () => {
    const seenWhenAnswered: string[][] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        tx.write((em) => insert(em, `g${i}`)).then(() => seenWhenAnswered.push(committedIds())),
      ),
    );
    for (const seen of seenWhenAnswered) expect(seen).toHaveLength(8);
    expect(commits()).toBe(1);
  });

  onSqlite(
    'a read queued behind a unit commits it first and sees it; the unit after the read starts a new transaction',
    async () => {
      let firstAnswered = false;
      const first = tx.write((em) => insert(em, 'before-read')).then(() => (firstAnswered = true));
      const read = tx.read(async (em) => {
        const rows = (await em.query('SELECT id FROM tx_probe')) as { id: string }[];
        return { rows: rows.map((r) => r.id), committed: committedIds() };
      });
      const after = tx.write((em) => insert(em, 'after-read'));
      const seen = await read;
      expect(seen).toEqual({ rows: ['before-read'], committed: ['before-read'] });
      await Promise.all([first, after]);
      expect(firstAnswered).toBe(true);
      expect(commits()).toBe(2);
      expect(committedIds()).toEqual(['after-read', 'before-read']);
    },
  );

  onSqlite(
    'when a unit breaks the shared transaction, the units in it fail with it and the next group starts clean',
    async () => {
      const results = await Promise.allSettled([
        tx.write((em) => insert(em, 'lost-with-the-group')),
        tx.write(async (em) => {
          await insert(em, 'breaker');
          await em.query('ROLLBACK');
        }),
        tx.write((em) => insert(em, 'next-group')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
      expect(committedIds()).toEqual(['next-group']);
    },
  );

  onSqlite('a lone unit commits without waiting for company', async () => {
    await tx.write((em) => insert(em, 'alone'));
    expect(committedIds()).toEqual(['alone']);
    expect(statements.filter((q) => /^SAVEPOINT/i.test(q))).toHaveLength(0);
  });

  /** Unchecked writes through a WriteBatch: on MySQL/MariaDB they wait for the unit's next round trip (ride-along.ts). */
  const batchInsert = (em: EntityManager, ...rows: string[]) => {
    const batch = new WriteBatch(em);
    for (const id of rows) batch.add({ sql: 'INSERT INTO tx_probe (id, v) VALUES (?, ?)', params: [id, 1] });
    return batch.run();
  };

  onMysql(
    'BEGIN, unchecked writes and COMMIT share round trips; a query that carries writes answers with its own rows',
    async () => {
      await tx.write((em) => batchInsert(em, 'w1', 'w2'));
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^START TRANSACTION;\nINSERT .*;\nINSERT .*;\nCOMMIT$/s);
      statements.length = 0;
      const seen = await tx.write(async (em) => {
        await batchInsert(em, 'w3');
        const rows = (await em.query('SELECT id FROM tx_probe ORDER BY id')) as { id: string }[];
        const updated = await em.query('UPDATE tx_probe SET v = 2 WHERE id IN (?, ?)', ['w1', 'w3']);
        return { rows: rows.map((r) => r.id), affected: (updated as { affectedRows: number }).affectedRows };
      });
      expect(seen).toEqual({ rows: ['w1', 'w2', 'w3'], affected: 2 });
      expect(statements).toHaveLength(3); // BEGIN, the write and the select; the update; COMMIT
      expect(await ids()).toEqual(['w1', 'w2', 'w3']);
    },
  );

  onMysql('a write that fails on its way with COMMIT fails its unit, and nothing of the unit stays', async () => {
    await tx.write((em) => insert(em, 'taken'));
    const failed = tx.write(async (em) => {
      await insert(em, 'sent-first');
      await batchInsert(em, 'deferred', 'taken');
    });
    await expect(failed).rejects.toBeInstanceOf(QueryFailedError);
    expect(await ids()).toEqual(['taken']);
    // the connection went back to the pool clean: the next unit commits on its own
    await tx.write((em) => batchInsert(em, 'after'));
    expect(await ids()).toEqual(['after', 'taken']);
  });

  onMysql('a unit that fails before anything was sent costs no round trip', async () => {
    statements.length = 0;
    await expect(
      tx.write(async (em) => {
        await batchInsert(em, 'never');
        throw new Error('fails before its writes went out');
      }),
    ).rejects.toThrow('fails before its writes went out');
    expect(statements).toEqual([]);
    expect(await ids()).toEqual([]);
  });

  it('work started inside a unit joins it', async () => {
    await expect(
      tx.write(async (em) => {
        await insert(em, 'outer');
        await tx.write((inner) => insert(inner, 'inner'));
        throw new Error('the outer unit fails');
      }),
    ).rejects.toThrow('the outer unit fails');
    expect(await ids()).toEqual([]);
  });
});
