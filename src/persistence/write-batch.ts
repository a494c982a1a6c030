import { EntityManager } from 'typeorm';
import { execute, multipleStatements, SqlStatement } from './raw-rows';

/** Told the affected row count of its statement (revision-checked writes throw on zero). */
export type AffectedCheck = (affected: number) => void;

/**
 * Writes of one transaction, sent together when `run` is called. On MySQL/MariaDB with
 * `multipleStatements` they go as one query, one round trip for all of them: each statement sent on
 * its own cost a socket write and a wake-up on both sides, which a CPU profile of the external-task
 * cycle put at about a third of the server's busy time. Parameters are bound by the driver as for
 * any single statement; the SQL text itself is built from entity metadata only. On SQLite (no round
 * trips, one statement per prepare) and without the option they run one by one.
 */
export class WriteBatch {
  private pending: Array<{ statement: SqlStatement; check?: AffectedCheck }> = [];

  constructor(private readonly em: EntityManager) {}

  get size(): number {
    return this.pending.length;
  }

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
