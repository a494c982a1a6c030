import { DataSource } from 'typeorm';

/** Connections of a pool: lent out now, and the most it opens. */
export interface PoolConnections {
  inUse: number;
  max: number;
}

interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  config?: { connectionLimit?: number };
}

/**
 * The MySQL/MariaDB pool's connections. mysql2 keeps no public counters, so its two queues are read: every
 * open connection, and the idle ones among them. Null when the driver has no such pool (SQLite, a pool
 * cluster) or it is closed.
 */
export function mysqlPoolConnections(ds: DataSource): PoolConnections | null {
  if (!ds.isInitialized) return null;
  const pool = (ds.driver as { pool?: Mysql2Pool }).pool;
  if (!pool?._allConnections || !pool._freeConnections) return null;
  return { inUse: pool._allConnections.length - pool._freeConnections.length, max: pool.config?.connectionLimit ?? 0 };
}
