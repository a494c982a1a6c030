import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { SerialLock } from './serial-lock';

const MYSQL_RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/**
 * Runs units of work against the database. Every state change is one transaction.
 *
 * SQLite through TypeORM's better-sqlite3 driver shares a single connection, so interleaved async
 * transactions would mix their statements: there, all work (reads too) is serialised in-process,
 * which is also what "a single writer transaction" means for SQLite. On MySQL/MariaDB each unit
 * gets its own pooled connection; deadlock victims are retried a few times.
 */
export class Transactions {
  readonly serial: boolean;
  private readonly lock = new SerialLock();

  constructor(readonly dataSource: DataSource) {
    this.serial = dataSource.options.type === 'better-sqlite3';
  }

  get isMysql(): boolean {
    return !this.serial;
  }

  async write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    if (this.serial) return this.lock.run(() => this.dataSource.transaction(work));
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction(work);
      } catch (err) {
        if (attempt >= 3 || !isRetryable(err)) throw err;
      }
    }
  }

  async read<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    if (this.serial) return this.lock.run(() => work(this.dataSource.manager));
    return work(this.dataSource.manager);
  }
}

function isRetryable(err: unknown): boolean {
  return err instanceof QueryFailedError && MYSQL_RETRYABLE.has((err as { code?: string }).code ?? '');
}
