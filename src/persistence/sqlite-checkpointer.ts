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
/** The WAL file is cut back to this size when it starts over (it keeps its largest size otherwise). */
const WAL_SIZE_LIMIT = 'journal_size_limit = 67108864';
/**
 * The writer's own checkpoint threshold, in pages (SQLite's default is 1,000). Under load the WAL passed 1,000
 * pages within a couple of the thread's intervals, and the writer copied the frames the thread had not reached
 * and synced the database file itself, on the event loop (9.8 % of its samples in a profile of the long
 * external-task loop; 2.9 % at 4,000). The writer's checkpoint, which is what lets the WAL start over, is now a
 * quarter as frequent and finds most frames copied. The WAL grows to about 16 MB between restarts, further when
 * the writer's attempt meets the thread's checkpoint under way and waits for its next COMMIT.
 */
const WRITER_CHECKPOINT_PAGES = 'wal_autocheckpoint = 4000';
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 'wal_autocheckpoint = 1000';
/** The longest the writer waits for the thread to close its connection (it only has to finish a checkpoint). */
const STOP_WAIT_MS = 2000;

/**
 * Takes most of the WAL checkpoint work off the event loop. SQLite checkpoints inside the COMMIT that
 * crosses the WAL threshold (1,000 pages): copying the frames into the database file and syncing it took
 * 56-80 ms there. A worker thread with a connection of its own runs PASSIVE checkpoints every 100 ms on the
 * other core, so the writer's own checkpoint finds little or nothing left to copy.
 *
 * The writer keeps its own checkpoints: only a writer starts the WAL over, at the start of a write once every
 * frame is in the database file, and under steady load the thread's checkpoints alone never left it such a
 * moment. With the writer's checkpoints off, the WAL grew without bound (72 GB after 340,000 external-task
 * cycles, 12 minutes) and every page lookup slowed with its index until writes stalled.
 */
export function checkpointInBackground(db: SqliteConnection): void {
  if (db.memory) return;
  db.pragma(WAL_SIZE_LIMIT);
  // Set to 1 by the thread once its connection is closed.
  const stopped = new Int32Array(new SharedArrayBuffer(4));
  let worker: Worker;
  try {
    worker = new Worker(WORKER_FILE, { workerData: { file: db.name, intervalMs: INTERVAL_MS, stopped } });
  } catch {
    return;
  }
  worker.unref();
  db.pragma(WRITER_CHECKPOINT_PAGES);
  // A failed thread leaves the writer's own checkpoints, which are always on, at SQLite's default threshold again.
  worker.once('error', () => {
    try {
      db.pragma(SQLITE_DEFAULT_CHECKPOINT_PAGES);
    } catch {
      // The connection is closed already.
    }
  });
  worker.once('exit', () => Atomics.store(stopped, 0, 1));
  const close = db.close.bind(db);
  Object.assign(db, {
    // The thread's connection closes first (a moment's wait), so that the writer's is the last one: the last
    // connection to close checkpoints everything and removes the WAL, which the thread's did not do reliably.
    close: () => {
      worker.postMessage('stop');
      Atomics.wait(stopped, 0, 0, STOP_WAIT_MS);
      return close();
    },
  });
}
