import { EntityManager } from 'typeorm';
import { sqlParam } from '../../persistence/raw-rows';
import { forUpdate } from '../../persistence/dialect';
import { CommandContext } from '../command/command-context';
import { JobManager } from '../entities/job.manager';

/** Runnable now: active, retries left, due, and not locked (or the lock ran out). */
const RUNNABLE =
  't.suspension_state = 1 AND t.retries > 0 AND (t.duedate IS NULL OR t.duedate <= ?) AND (t.lock_exp_time IS NULL OR t.lock_exp_time <= ?)';

/**
 * Claims up to `limit` runnable jobs for `owner` until `lockUntil`, in the command's transaction (the lock columns are
 * written with its flush). On MySQL/MariaDB the candidate rows are locked with FOR UPDATE SKIP LOCKED, so two engines
 * acquiring at the same moment never claim the same job; SQLite has a single writer anyway. Suspended jobs (of a
 * suspended job definition, process instance or definition) are never claimed. Unless `byPriority` (Camunda's
 * jobExecutorAcquireByPriority) asks for the highest priorities first, the scan is not ordered, so it stops after
 * `limit` rows and locks no more than it claims.
 */
export async function claimJobs(
  ctx: CommandContext,
  owner: string,
  limit: number,
  now: Date,
  lockUntil: Date,
  byPriority = false,
): Promise<string[]> {
  const em = ctx.em;
  const lock = forUpdate(em, true);
  const order = byPriority ? ' ORDER BY t.priority DESC' : '';
  const rows: { id: string }[] = await em.query(
    `SELECT t.id AS id FROM act_ru_job t WHERE ${RUNNABLE}${order} LIMIT ${Math.max(1, Math.floor(limit))}${lock}`,
    [sqlParam(em, now), sqlParam(em, now)],
  );
  const ids = rows.map((r) => r.id);
  ctx.manager(JobManager).lock(ids, owner, lockUntil);
  return ids;
}

/** How many jobs are runnable now and claimed by nobody: the backlog the job executors have yet to take on. */
export async function countRunnableJobs(em: EntityManager, now: Date): Promise<number> {
  const rows: { n: number | string }[] = await em.query(`SELECT COUNT(*) AS n FROM act_ru_job t WHERE ${RUNNABLE}`, [
    sqlParam(em, now),
    sqlParam(em, now),
  ]);
  return Number(rows[0]?.n ?? 0);
}

/** The earliest due date among jobs that will become runnable (for sleeping until then). */
export async function nextDueDate(em: EntityManager, now: Date): Promise<Date | null> {
  const rows: { due: string | Date | null }[] = await em.query(
    'SELECT MIN(t.duedate) AS due FROM act_ru_job t WHERE t.suspension_state = 1 AND t.retries > 0 AND t.duedate > ?',
    [sqlParam(em, now)],
  );
  const due = rows[0]?.due;
  if (due == null) return null;
  return due instanceof Date ? due : new Date(`${String(due).replace(' ', 'T')}Z`);
}
