'use strict';
// Copies committed WAL frames of one SQLite file into the database file, from a thread of its own
// (see sqlite-checkpointer.ts). PASSIVE never waits for, nor blocks, the connection that writes.
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  Atomics.store(workerData.stopped, 0, 1);
  Atomics.notify(workerData.stopped, 0);
  parentPort.close();
});
