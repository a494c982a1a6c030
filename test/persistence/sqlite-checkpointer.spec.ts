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

/** A file database's WAL is copied into the database file by a thread of its own, and still starts over under load. */
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

  const writeMegabytes = async (mb: number, fill: number) => {
    // 32 pages of 4 KB per transaction
    for (let i = 0; i < mb * 8; i++) {
      const rows = Array.from({ length: 32 }, () => '(?)').join(', ');
      await ds.query(
        `INSERT INTO checkpoint_probe (data) VALUES ${rows}`,
        Array.from({ length: 32 }, () => Buffer.alloc(4096, fill)),
      );
    }
  };

  it("copies committed frames into the database file from its thread, below the writer's own threshold", async () => {
    expect(await ds.query('PRAGMA wal_autocheckpoint')).toEqual([{ wal_autocheckpoint: 1000 }]);
    await ds.query('CREATE TABLE checkpoint_probe (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    const before = fs.statSync(file).size;
    // 2 MB: about 520 pages, fewer than the 1,000 at which the writer checkpoints itself.
    await writeMegabytes(2, 1);
    await until(() => fs.statSync(file).size >= before + 2 * 1024 * 1024);
    expect(await ds.query('SELECT COUNT(*) AS n FROM checkpoint_probe')).toEqual([{ n: 512 }]);
  });

  it('starts the WAL over under steady writes: it stays a few MB while 48 MB go through it', async () => {
    let largest = 0;
    for (let round = 0; round < 6; round++) {
      await writeMegabytes(8, round);
      largest = Math.max(largest, fs.statSync(`${file}-wal`).size);
    }
    expect(await ds.query('SELECT COUNT(*) AS n FROM checkpoint_probe')).toEqual([{ n: 512 + 6 * 8 * 256 }]);
    expect(largest).toBeLessThan(16 * 1024 * 1024);
  });

  it('stops with the connection: the last one to close removes the WAL', async () => {
    await ds.destroy();
    await until(() => !fs.existsSync(`${file}-wal`));
  });
});
