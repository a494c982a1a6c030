import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { GroupCommit } from './group-commit';
import { ScopedStorage } from './scoped-storage';
import { SerialLock } from './serial-lock';
import { isSqlite } from '../../persistence/dialect';
import { mysqlPoolConnections, PoolConnections } from '../../persistence/pool-connections';
import { multipleStatements } from '../../persistence/raw-rows';
import { rideAlong } from '../../persistence/ride-along';

const MYSQL_RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

interface Scope {
  em: EntityManager;
  transactional: boolean;
}

/**
 * Runs units of work against the database. Every state change is one transaction.
 *
 * SQLite through TypeORM's better-sqlite3 driver shares a single connection, so interleaved async
 * transactions would mix their statements: there, all work (reads too) is serialised in-process,
 * which is also what "a single writer transaction" means for SQLite; units of work that queue up there
 * share their commit (see GroupCommit). On MySQL/MariaDB each unit
 * gets its own pooled connection; deadlock victims are retried a few times.
 *
 * Work started inside other work joins it (same EntityManager, same transaction), like a nested
 * command in Camunda: this keeps one transaction per request and avoids waiting on our own lock.
 */
export class Transactions {
  readonly serial: boolean;
  private readonly lock = new SerialLock();
  private readonly scope = new ScopedStorage<Scope>();
  private readonly group: GroupCommit;
  /** MySQL/MariaDB with `multipleStatements`: BEGIN, unchecked writes and COMMIT share round trips (ride-along.ts). */
  private readonly ridesAlong: boolean;

  constructor(readonly dataSource: DataSource) {
    this.serial = isSqlite(dataSource);
    this.ridesAlong = !this.serial && multipleStatements(dataSource.manager);
    this.group = new GroupCommit(
      this.lock,
      () => dataSource.createQueryRunner(),
      (em, work) => this.scope.run({ em, transactional: true }, () => work(em)),
    );
  }

  async write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    const current = this.scope.getStore();
    if (current?.transactional) return work(current.em);
    if (current && this.serial) return this.transaction(work);
    if (this.serial) return this.group.write(work);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transaction(work);
      } catch (err) {
        if (attempt >= 5 || !isRetryable(err)) throw err;
        // Two victims that start over at once tend to meet again: a little jitter lets one go first.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }

  /** Whether the caller runs inside a transaction of ours (work started now would join it). */
  inTransaction(): boolean {
    return this.scope.getStore()?.transactional === true;
  }

  /**
   * The database connections in use now, for monitoring. On SQLite the one shared connection counts as in use
   * while a unit of work holds it (our own lock, reads included); on MySQL/MariaDB the pool is asked.
   */
  connections(): PoolConnections | null {
    if (this.serial) return { inUse: this.lock.size > 0 ? 1 : 0, max: 1 };
    return mysqlPoolConnections(this.dataSource);
  }

  async read<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    const current = this.scope.getStore();
    if (current) return work(current.em);
    if (!this.serial) return work(this.dataSource.manager);
    return this.group.read(() =>
      this.scope.run({ em: this.dataSource.manager, transactional: false }, () => work(this.dataSource.manager)),
    );
  }

  /** Lets go of the async context of transactions once the work running now has finished (see ScopedStorage). */
  close(): void {
    this.scope.close();
  }

  private async transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    const inScope = (em: EntityManager) => this.scope.run({ em, transactional: true }, () => work(em));
    if (!this.ridesAlong) return this.dataSource.transaction(inScope);
    const runner = this.dataSource.createQueryRunner();
    rideAlong(runner);
    try {
      return await runner.manager.transaction(inScope);
    } finally {
      await runner.release();
    }
  }
}

function isRetryable(err: unknown): boolean {
  return err instanceof QueryFailedError && MYSQL_RETRYABLE.has((err as { code?: string }).code ?? '');
}
