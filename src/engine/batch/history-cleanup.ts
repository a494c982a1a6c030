import { EntityTarget, SelectQueryBuilder } from 'typeorm';
import { minuteOf } from '../../persistence/dialect';
import { HistoricBatchEntity } from '../../persistence/entities/history/historic-batch.entity';
import { PROCESS_LOG_TABLES } from '../history/history-log-tables';
import { HistoricDecisionInputEntity } from '../../persistence/entities/history/historic-decision-input.entity';
import { HistoricDecisionInstanceEntity } from '../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricDecisionOutputEntity } from '../../persistence/entities/history/historic-decision-output.entity';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { JOB_TYPE } from '../bpmn/runtime/events/job-kinds';
import type { JobHandler, RuntimeContext } from '../bpmn/runtime/runtime-context';
import { DecisionHistoryManager } from '../history/decision-history.manager';
import { HistoricBatchManager } from '../history/historic-batch.manager';
import { HistoryLogManager } from '../history/history-log.manager';
import { ProcessHistoryManager } from '../history/process-history.manager';
import { PROCESS_HISTORY_TABLES } from '../history/process-history-tables';
import { EventContext } from '../bpmn/runtime/events/event-context';

export const HISTORY_CLEANUP_HANDLER = 'history-cleanup';

type Removal = (ctx: RuntimeContext, ids: string[]) => Promise<void> | void;

const removeDecisionRows =
  (table: Parameters<DecisionHistoryManager['removeRows']>[0]): Removal =>
  (ctx, ids) =>
    ctx.manager(DecisionHistoryManager).removeRows(table, ids);
const removeProcessRows =
  (table: Parameters<ProcessHistoryManager['removeRows']>[0]): Removal =>
  (ctx, ids) =>
    ctx.manager(ProcessHistoryManager).removeRows(table, ids);
const removeLogRows =
  (table: Parameters<HistoryLogManager['removeRows']>[0]): Removal =>
  (ctx, ids) =>
    ctx.manager(HistoryLogManager).removeRows(table, ids);

/** Every history table with a removal time, children before their parents, with the manager that removes its rows. */
const TABLES: ReadonlyArray<[EntityTarget<{ id: string; removalTime: Date | null }>, Removal]> = [
  [HistoricDecisionInputEntity, removeDecisionRows(HistoricDecisionInputEntity)],
  [HistoricDecisionOutputEntity, removeDecisionRows(HistoricDecisionOutputEntity)],
  [HistoricDecisionInstanceEntity, removeDecisionRows(HistoricDecisionInstanceEntity)],
  ...PROCESS_HISTORY_TABLES.map((t): [typeof t, Removal] => [t, removeProcessRows(t)]),
  [HistoricProcessInstanceEntity, removeProcessRows(HistoricProcessInstanceEntity)],
  // A historic batch goes with the job log of its jobs.
  [HistoricBatchEntity, (ctx, ids) => ctx.manager(HistoricBatchManager).remove(ids)],
  ...PROCESS_LOG_TABLES.map((t): [typeof t, Removal] => [t, removeLogRows(t)]),
];

/**
 * The share of one cleanup job (Camunda's minuteFrom/minuteTo): rows whose removal time falls in these minutes of
 * the hour. With a degree of parallelism of n there are n jobs whose shares split the hour, so no row is any two's.
 */
export interface CleanupShare {
  minuteFrom: number;
  minuteTo: number;
}

/** The hour split into `degree` shares as even as can be (the first ones a minute longer). */
export function cleanupShares(degree: number): CleanupShare[] {
  const shares: CleanupShare[] = [];
  const size = Math.floor(60 / degree);
  const longer = 60 % degree;
  let from = 0;
  for (let i = 0; i < degree; i++) {
    const to = from + size + (i < longer ? 1 : 0) - 1;
    shares.push({ minuteFrom: from, minuteTo: to });
    from = to + 1;
  }
  return shares;
}

export function parseShare(configuration: string | null): CleanupShare {
  try {
    const share = JSON.parse(configuration ?? '') as Partial<CleanupShare>;
    if (Number.isInteger(share.minuteFrom) && Number.isInteger(share.minuteTo)) return share as CleanupShare;
  } catch {
    // A job of an earlier version has no share: it owns the whole hour.
  }
  return { minuteFrom: 0, minuteTo: 59 };
}

/** Rows of `alias` past their removal time and in the share's minutes. */
function due<T extends object>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  now: Date,
  share: CleanupShare,
): SelectQueryBuilder<T> {
  return qb
    .where(`${alias}.removalTime <= :now`, { now })
    .andWhere(`${minuteOf(qb, `${alias}.removalTime`)} BETWEEN :minuteFrom AND :minuteTo`, {
      minuteFrom: share.minuteFrom,
      minuteTo: share.minuteTo,
    });
}

export interface HistoryCleanupSettings {
  /** `HH:mm-HH:mm` in UTC (the end may be after midnight); null: only when asked (POST /history/cleanup). */
  window: string | null;
  /** Rows removed per table and job run: small chunks keep the locks short on MySQL. */
  batchSize: number;
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** The window as minutes of the day, or null when none is configured. */
export function parseCleanupWindow(window: string | null): { start: number; end: number } | null {
  if (!window) return null;
  const m = /^(\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/.exec(window.trim());
  if (!m) throw new Error(`HISTORY_CLEANUP_WINDOW must be HH:mm-HH:mm (got '${window}')`);
  return { start: minutesOf(m[1]), end: minutesOf(m[2]) };
}

/** Now, when inside the window; else the window's next start. */
export function nextWindowStart(window: { start: number; end: number }, now: Date): Date {
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const inside =
    window.start <= window.end
      ? minute >= window.start && minute < window.end
      : minute >= window.start || minute < window.end;
  if (inside) return now;
  const start = new Date(now);
  start.setUTCHours(Math.floor(window.start / 60), window.start % 60, 0, 0);
  if (start <= now) start.setUTCDate(start.getUTCDate() + 1);
  return start;
}

/**
 * The window the cleanup runs in now, or its next one (Camunda's BatchWindowManager.getCurrentOrNextBatchWindow): null
 * when no window is configured.
 */
export function currentOrNextWindow(window: string | null, now: Date): { start: Date; end: Date } | null {
  const parsed = parseCleanupWindow(window);
  if (!parsed) return null;
  const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const minute = 60_000;
  const length = ((parsed.end - parsed.start + 24 * 60) % (24 * 60) || 24 * 60) * minute;
  // The window that began yesterday may still be open (one that ends after midnight), else today's or tomorrow's.
  for (const day of [-1, 0, 1]) {
    const start = startOfDay + day * 24 * 60 * minute + parsed.start * minute;
    if (start + length > now.getTime()) return { start: new Date(start), end: new Date(start + length) };
  }
  return null;
}

/**
 * Root process instances past their removal time go with everything recorded under them (the end of an instance sets
 * the removal time on its root row only). Returns whether more roots are due than this run took.
 */
async function removeRootHierarchies(
  ctx: RuntimeContext,
  now: Date,
  batchSize: number,
  share: CleanupShare,
): Promise<boolean> {
  const qb = ctx.em.getRepository(HistoricProcessInstanceEntity).createQueryBuilder('h');
  const roots = (
    await due(qb, 'h', now, share)
      .andWhere('(h.rootProcessInstanceId = h.id OR h.rootProcessInstanceId IS NULL)')
      .select('h.id', 'id')
      .limit(batchSize)
      .getRawMany<{ id: string }>()
  ).map((r) => r.id);
  if (!roots.length) return false;
  ctx.manager(ProcessHistoryManager).removeHistory({ rootProcessInstanceIds: roots });
  return roots.length >= batchSize;
}

export function insertCleanupJob(ctx: RuntimeContext, dueDate: Date, share: CleanupShare): JobEntity {
  return ctx.manager(EventContext).insertJob(null, {
    type: JOB_TYPE.message,
    handlerType: HISTORY_CLEANUP_HANDLER,
    handlerConfiguration: JSON.stringify(share),
    dueDate,
    exclusive: false,
  });
}

/**
 * One run of the cleanup job: up to `batchSize` rows per table whose removal time has passed, deleted in the job's
 * transaction. With more left it runs again at once (a new job row, so another instance may take it), else at the
 * next window start; a cleanup asked for without a window ends when nothing is left.
 */
export function historyCleanupHandler(settings: HistoryCleanupSettings): JobHandler {
  return async (ctx, job) => {
    const now = ctx.now();
    const share = parseShare(job.handlerConfiguration);
    let more = await removeRootHierarchies(ctx, now, settings.batchSize, share);
    // Rows with a removal time of their own (decisions, batches, rows given one by a set-removal-time batch).
    for (const [entity, remove] of TABLES) {
      const qb = due(ctx.em.getRepository(entity).createQueryBuilder('r'), 'r', now, share);
      // Root instances went above with their hierarchy: taken here, the rows under them would stay behind.
      if (entity === HistoricProcessInstanceEntity)
        qb.andWhere('r.rootProcessInstanceId IS NOT NULL AND r.rootProcessInstanceId <> r.id');
      const rows = await qb.select('r.id', 'id').limit(settings.batchSize).getRawMany<{ id: string }>();
      if (rows.length >= settings.batchSize) more = true;
      const ids = rows.map((r) => r.id);
      if (ids.length) await remove(ctx, ids);
    }
    const window = parseCleanupWindow(settings.window);
    if (more) insertCleanupJob(ctx, window ? nextWindowStart(window, now) : now, share);
    else if (window) insertCleanupJob(ctx, nextWindowStart(window, new Date(now.getTime() + 60_000)), share);
  };
}
