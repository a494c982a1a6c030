import { EntityManager, QueryRunner } from 'typeorm';
import { SerialLock } from './serial-lock';

interface Member {
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * Group commit for the one SQLite connection: a unit of work that finished leaves the transaction open for
 * the units queued by the time the event loop comes round, which continue it inside savepoints, so one
 * COMMIT writes the pages of several units. A COMMIT costs about as much as the rest of a short command
 * (every changed page goes to the WAL), and the units of a group share many of their pages.
 *
 * Each unit stays atomic: the first of a group fails alone by rolling the whole transaction back (nothing
 * else is in it yet), later ones roll back to their savepoint. None is answered before the COMMIT that
 * holds it, so an acknowledged change is never lost. Reads commit the open group first: they must not see
 * changes that are not committed yet. All database work of the engine takes the lock (Transactions), so
 * nothing reads the open transaction from outside.
 */
export class GroupCommit {
  private members: Member[] = [];
  private open = false;
  private scheduled = false;
  /** Answers for callers, given once the lock is released (so that a caller never finds it still held). */
  private answers: (() => void)[] = [];

  constructor(
    private readonly lock: SerialLock,
    private readonly runner: () => QueryRunner,
    /** Runs a unit's work with its EntityManager (the caller's transaction scope). */
    private readonly within: <T>(em: EntityManager, work: (em: EntityManager) => Promise<T>) => Promise<T>,
    private readonly maxMembers = 32,
  ) {}

  /** Runs `work` as one unit of a group: resolves with its value once the group's transaction has committed. */
  write<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      void this.locked(() => this.unit(work, resolve, reject));
    });
  }

  /** Runs `work` holding the lock, after the open group (if any) has committed. */
  read<T>(work: () => Promise<T>): Promise<T> {
    return this.locked(async () => {
      await this.settle();
      return work();
    });
  }

  private locked<T>(task: () => Promise<T>): Promise<T> {
    const result = this.lock.run(task);
    // Reactions run in the order they were added: the lock's own bookkeeping (added by run) comes first.
    const answer = (): void => {
      const answers = this.answers;
      this.answers = [];
      for (const a of answers) a();
    };
    result.then(answer, answer);
    return result;
  }

  /** Commits the open group, if any; call holding the lock. */
  private async settle(): Promise<void> {
    if (!this.open) return;
    const members = this.members;
    this.members = [];
    this.open = false;
    try {
      await this.runner().commitTransaction();
    } catch (err) {
      await this.abandon();
      for (const m of members) this.answers.push(() => m.reject(err));
      return;
    }
    for (const m of members) this.answers.push(() => m.resolve());
  }

  private async unit<T>(
    work: (em: EntityManager) => Promise<T>,
    resolve: (value: T) => void,
    reject: (err: unknown) => void,
  ): Promise<void> {
    const qr = this.runner();
    const first = !this.open;
    try {
      await qr.startTransaction();
    } catch (err) {
      this.answers.push(() => reject(err));
      if (first) await this.abandon();
      else await this.fail(err);
      return;
    }
    this.open = true;
    let value: T;
    try {
      value = await this.within(qr.manager, work);
      if (!first) await qr.commitTransaction();
    } catch (err) {
      this.answers.push(() => reject(err));
      try {
        await qr.rollbackTransaction();
        if (first) this.open = false;
      } catch (rollbackErr) {
        await this.fail(rollbackErr);
        return;
      }
      if (this.open) this.settleSoon();
      return;
    }
    this.members.push({ resolve: () => resolve(value), reject });
    if (this.members.length >= this.maxMembers) await this.settle();
    else this.settleSoon();
  }

  /**
   * Commits after the requests that are ready now have queued their units. A unit runs within one turn of
   * the event loop (better-sqlite3 is synchronous), so nothing else can queue while it runs; the commit
   * waits for the next check phase, after the poll phase has handed out the requests that arrived meanwhile.
   */
  private settleSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.locked(() => this.settle());
    });
  }

  /** The transaction is unusable (a savepoint could not be set or undone): every unit in it fails. */
  private async fail(err: unknown): Promise<void> {
    const members = this.members;
    this.members = [];
    this.open = false;
    await this.abandon();
    for (const m of members) this.answers.push(() => m.reject(err));
  }

  private async abandon(): Promise<void> {
    const qr = this.runner();
    await qr.query('ROLLBACK').catch(() => undefined);
    // TypeORM's nesting depth is stale after a failed savepoint or commit; the connection has no transaction now.
    Object.assign(qr, { isTransactionActive: false, transactionDepth: 0 });
  }
}
