import { DataSource } from 'typeorm';
import { isSqlite } from './dialect';

interface SessionConnection {
  query(sql: string, callback: (err: Error | null) => void): void;
}

interface Mysql2Pool {
  on(event: 'connection', listener: (connection: SessionConnection) => void): void;
  _allConnections?: { toArray(): SessionConnection[] };
}

const READ_COMMITTED = 'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED';

/**
 * Every connection of the engine's own MySQL/MariaDB pool runs at READ COMMITTED, the isolation level
 * Camunda 7 requires. The server default REPEATABLE READ adds gap locks and keeps the locks of every row
 * an UPDATE examines: fetchAndLock's lock update and a completion's inserts then deadlocked each other
 * under load. New connections get the setting before the pool lends them out (mysql2 runs a
 * connection's commands in order, and emits `connection` before the first borrower gets it); the one
 * TypeORM opened to test the credentials gets it now.
 */
export async function readCommittedSessions(ds: DataSource): Promise<void> {
  if (isSqlite(ds)) return;
  const pool = (ds.driver as { pool?: Mysql2Pool }).pool;
  if (!pool?._allConnections) return;
  pool.on('connection', (connection) => connection.query(READ_COMMITTED, () => undefined));
  await Promise.all(
    pool._allConnections
      .toArray()
      .map(
        (connection) =>
          new Promise<void>((resolve, reject) =>
            connection.query(READ_COMMITTED, (err) => (err ? reject(err) : resolve())),
          ),
      ),
  );
}
