import { QueryResult, QueryRunner } from 'typeorm';
import type { SqlStatement } from './raw-rows';

type Query = (sql: string, params?: unknown[], structured?: boolean) => Promise<unknown>;

const riders = new WeakMap<QueryRunner, RideAlong>();

/**
 * Statements of a MySQL/MariaDB transaction that need no answer of their own go with the transaction's next
 * round trip instead of one each: START TRANSACTION with the first statement, and writes whose affected counts
 * nobody checks (see WriteBatch) with the next statement or with COMMIT. Starting an instance is then two round
 * trips (read the definition; write and commit) instead of four: each one saved is the network's round-trip time
 * off the command's latency and off the time its connection and row locks are held.
 *
 * Needs `multipleStatements`: the statements go as one query, their results are taken off before the caller
 * sees its own. A write that fails stops the rest of its round trip and fails whichever query carried it (the
 * next one or COMMIT) with its own error; the transaction rolls back as it would have. A transaction that sent
 * nothing before it ends (a read-only command that found nothing to read) costs no round trip at all.
 * InnoDB takes a transaction's snapshot at its first read, not at START TRANSACTION, so what the
 * transaction sees is unchanged.
 */
class RideAlong {
  private beginOwed = false;
  private begun = false;
  private sql: string[] = [];
  private params: unknown[] = [];

  constructor(private readonly send: Query) {}

  defer(statements: SqlStatement[]): void {
    for (const s of statements) {
      this.sql.push(s.sql);
      for (const p of s.params) this.params.push(p);
    }
  }

  async query(sql: string, params: unknown[] | undefined, structured: boolean): Promise<unknown> {
    // TypeORM's runner sends exactly these texts for a top-level transaction.
    if (sql === 'START TRANSACTION' && !this.begun && !this.beginOwed) {
      this.beginOwed = true;
      return answer(undefined, structured);
    }
    if (sql === 'ROLLBACK') return this.rollback(params, structured);
    const ends = sql === 'COMMIT';
    if (ends && this.beginOwed && !this.sql.length) {
      this.beginOwed = false;
      return answer(undefined, structured);
    }
    const riding = this.sql;
    const ridingParams = this.params;
    const count = riding.length + (this.beginOwed ? 1 : 0);
    if (this.beginOwed) riding.unshift('START TRANSACTION');
    this.beginOwed = false;
    this.sql = [];
    this.params = [];
    this.begun = true; // until COMMIT succeeds: a failed round trip may have started the transaction
    let result: unknown;
    if (!count) {
      result = await this.send(sql, params, structured);
    } else {
      riding.push(sql);
      const combined = (await this.send(
        riding.join(';\n'),
        params?.length ? [...ridingParams, ...params] : ridingParams,
        true,
      )) as QueryResult;
      const own = (combined.raw as unknown[]).slice(count);
      result = answer(own.length === 1 ? own[0] : own, structured);
    }
    if (ends) this.begun = false;
    return result;
  }

  private async rollback(params: unknown[] | undefined, structured: boolean): Promise<unknown> {
    this.sql = [];
    this.params = [];
    const sent = this.begun;
    this.beginOwed = false;
    this.begun = false;
    return sent ? this.send('ROLLBACK', params, structured) : answer(undefined, structured);
  }
}

/** What TypeORM's MySQL runner returns for `raw`: the structured result, or `raw` itself. */
function answer(raw: unknown, structured: boolean): unknown {
  if (!structured) return raw;
  const result = new QueryResult();
  result.raw = raw;
  if (Array.isArray(raw)) result.records = raw;
  const affected = (raw as { affectedRows?: number } | undefined)?.affectedRows;
  if (affected !== undefined) result.affected = affected;
  return result;
}

/** Lets `runner` (MySQL/MariaDB, `multipleStatements` on, not yet in a transaction) send statements along with its next round trip. */
export function rideAlong(runner: QueryRunner): void {
  const send = runner.query.bind(runner) as Query;
  const rider = new RideAlong(send);
  riders.set(runner, rider);
  runner.query = ((sql: string, params?: unknown[], structured?: boolean) =>
    rider.query(sql, params, structured === true)) as QueryRunner['query'];
}

/** Defers `statements` to the next round trip of `runner`'s transaction; false when the runner cannot (send them now). */
export function deferToNextRoundTrip(runner: QueryRunner | undefined, statements: SqlStatement[]): boolean {
  const rider = runner && riders.get(runner);
  if (!rider) return false;
  rider.defer(statements);
  return true;
}
