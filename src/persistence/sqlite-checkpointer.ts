import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The parts of a better-sqlite3 Database used here. */
export interface SqliteConnection {
  readonly name: string;
  readonly memory: boolean;
  pragma(sql: string): unknown;
  close(): unknown;
}

const WORKER_FILE = join(__dirname, 'sqlite-checkpoint.worker.cjs');
/** How often the thread copies committed frames: small WAL batches, one fsync of the database file each. */
const INTERVAL_MS = 100;
/** SQLite's own checkpoints, for when there is no thread: a larger WAL lets one checkpoint copy hot pages once for many commits. */
const INLINE = 'wal_autocheckpoint = 10000';

/**
 * Moves WAL checkpoints of a file database off the event loop. SQLite checkpoints inside the COMMIT that
 * crosses the WAL threshold: copying the WAL into the database file and syncing it took 56-80 ms there,
 * a third of all COMMIT time of an external-task cycle. A worker thread with a connection of its own runs
 * PASSIVE checkpoints instead, on the other core; the writing connection never waits for them. If the
 * thread fails, SQLite checkpoints inline again. The thread stops when the connection closes.
 */
export function checkpointInBackground(db: SqliteConnection): void {
  if (db.memory) return;
  let worker: Worker;
  try {
    worker = new Worker(WORKER_FILE, { workerData: { file: db.name, intervalMs: INTERVAL_MS } });
  } catch {
    db.pragma(INLINE);
    return;
  }
  worker.unref();
  db.pragma('wal_autocheckpoint = 0');
  let closed = false;
  const inline = (): void => {
    if (!closed) db.pragma(INLINE);
  };
  worker.once('error', inline);
  worker.once('exit', inline);
  const close = db.close.bind(db);
  Object.assign(db, {
    close: () => {
      closed = true;
      worker.postMessage('stop');
      return close();
    },
  });
}
