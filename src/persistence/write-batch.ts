import { EntityManager } from 'typeorm';
import { execute, multipleStatements, SqlStatement } from './raw-rows';
import { deferToNextRoundTrip } from './ride-along';

/** Told the affected row count of its statement (revision-checked writes throw on zero). */
export type AffectedCheck = (affected: number) => void;

/**
 * Writes of one transaction, sent together when `run` is called. On MySQL/MariaDB with
 * `multipleStatements` they go as one query, one round trip for all of them: each statement sent on
 * its own costs a socket write and a wake-up on both sides (socket writes were 30 % of the server's
 * busy time on an external-task cycle). Parameters are bound by the driver as for any single
 * statement; the SQL text comes from the engine (entity metadata, fixed fragments, placeholders),
 * never from caller input. On SQLite (no round trips, one statement per prepare) and without the
 * option they run one by one. Writes without checks in a transaction that takes them (see ride-along.ts)
 * wait for the transaction's next round trip instead.
 */
export class WriteBatch {
  private pending: Array<{ statement: SqlStatement; check?: AffectedCheck }> = [];

  constructor(private readonly em: EntityManager) {}

  add(statement: SqlStatement | null, check?: AffectedCheck): void {
    if (statement) this.pending.push({ statement, check });
  }

  /** Statements without checks; nulls (nothing to write) are skipped. */
  addAll(statements: Array<SqlStatement | null>): void {
    for (const statement of statements) if (statement) this.pending.push({ statement });
  }

  async run(): Promise<void> {
    const pending = this.pending;
    if (!pending.length) return;
    this.pending = [];
    const runner = this.em.queryRunner;
    // Nothing to check: these go with the transaction's next round trip (or its COMMIT) where it can take them.
    if (
      pending.every((p) => !p.check) &&
      deferToNextRoundTrip(
        runner,
        pending.map((p) => p.statement),
      )
    )
      return;
    if (pending.length === 1 || !runner || !multipleStatements(this.em)) {
      for (const { statement, check } of pending) {
        const affected = await execute(this.em, statement.sql, statement.params);
        check?.(affected);
      }
      return;
    }
    const sql = pending.map((p) => p.statement.sql).join(';\n');
    const result = await runner.query(
      sql,
      pending.flatMap((p) => p.statement.params),
      true,
    );
    const headers = result.raw as Array<{ affectedRows?: number }>;
    pending.forEach((p, i) => p.check?.(headers[i]?.affectedRows ?? 0));
  }
}
