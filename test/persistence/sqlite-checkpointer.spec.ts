import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { openDataSource } from '../../src/persistence/data-source';

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A file database's WAL is copied into the database file by a thread of its own, not inside a COMMIT. */
describe('SQLite checkpoints in the background', () => {
  let dir: string;
  let file: string;
  let ds: DataSource;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoint-spec-'));
    file = path.join(dir, 'engine.sqlite');
    ds = await openDataSource(`sqlite:${file}`);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves no checkpoint to the writing connection and still gets the WAL into the database file', async () => {
    expect(await ds.query('PRAGMA wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: 0 }]);
    await ds.query('CREATE TABLE checkpoint_probe (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    const before = fs.statSync(file).size;
    for (let i = 0; i < 16; i++) {
      const rows = Array.from({ length: 32 }, () => '(?)').join(', ');
      await ds.query(
        `INSERT INTO checkpoint_probe (data) VALUES ${rows}`,
        Array.from({ length: 32 }, () => Buffer.alloc(4096, i)),
      );
    }
    // 2 MB committed: with no checkpoint of its own, the writer's database file grows only through the thread.
    await until(() => fs.statSync(file).size >= before + 2 * 1024 * 1024);
    expect(await ds.query('SELECT COUNT(*) AS n FROM checkpoint_probe')).toEqual([{ n: 512 }]);
  });

  it('stops with the connection: the last one to close removes the WAL', async () => {
    await ds.destroy();
    await until(() => !fs.existsSync(`${file}-wal`));
  });
});
