import { In, LessThanOrEqual } from 'typeorm';
import { CommentEntity } from '../../persistence/entities/history/comment.entity';
import { HistoricActivityInstanceEntity } from '../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricBatchEntity } from '../../persistence/entities/history/historic-batch.entity';
import { HistoricJobLogEntity } from '../../persistence/entities/history/historic-job-log.entity';
import { deleteLogsUnderRoots, PROCESS_LOG_TABLES } from '../history/history-log-tables';
import { HistoricDecisionInputEntity } from '../../persistence/entities/history/historic-decision-input.entity';
import { HistoricDecisionInstanceEntity } from '../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricDecisionOutputEntity } from '../../persistence/entities/history/historic-decision-output.entity';
import { HistoricDetailEntity } from '../../persistence/entities/history/historic-detail.entity';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { JOB_TYPE } from '../bpmn/runtime/events/job-kinds';
import type { JobHandler, RuntimeContext } from '../bpmn/runtime/runtime-context';

export const HISTORY_CLEANUP_HANDLER = 'history-cleanup';

/** Every history table with a removal time, children before their parents. */
const TABLES = [
  HistoricDecisionInputEntity,
  HistoricDecisionOutputEntity,
  HistoricDecisionInstanceEntity,
  HistoricDetailEntity,
  CommentEntity,
  HistoricActivityInstanceEntity,
  HistoricProcessInstanceEntity,
  HistoricBatchEntity,
  ...PROCESS_LOG_TABLES,
];

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
  const inside = window.start <= window.end ? minute >= window.start && minute < window.end : minute >= window.start || minute < window.end;
  if (inside) return now;
  const start = new Date(now);
  start.setUTCHours(Math.floor(window.start / 60), window.start % 60, 0, 0);
  if (start <= now) start.setUTCDate(start.getUTCDate() + 1);
  return start;
}

/** Rows recorded under a root process instance, by their root id (children before parents). */
const UNDER_ROOT = [HistoricDetailEntity, CommentEntity, HistoricActivityInstanceEntity, HistoricProcessInstanceEntity];

/**
 * Root process instances past their removal time go with everything recorded under them (the end of an instance sets
 * the removal time on its root row only). Returns whether more roots are due than this run took.
 */
async function removeRootHierarchies(ctx: RuntimeContext, now: Date, batchSize: number): Promise<boolean> {
  const roots = (
    await ctx.em
      .getRepository(HistoricProcessInstanceEntity)
      .createQueryBuilder('h')
      .select('h.id', 'id')
      .where('h.removalTime <= :now AND (h.rootProcessInstanceId = h.id OR h.rootProcessInstanceId IS NULL)', { now })
      .limit(batchSize)
      .getRawMany<{ id: string }>()
  ).map((r) => r.id);
  if (!roots.length) return false;
  ctx.uow.statement(async (em) => {
    const decisions = (await em.getRepository(HistoricDecisionInstanceEntity).find({ select: { id: true }, where: { rootProcessInstanceId: In(roots) } })).map(
      (d) => d.id,
    );
    if (decisions.length) {
      await em.getRepository(HistoricDecisionInputEntity).delete({ decisionInstanceId: In(decisions) });
      await em.getRepository(HistoricDecisionOutputEntity).delete({ decisionInstanceId: In(decisions) });
      await em.getRepository(HistoricDecisionInstanceEntity).delete({ id: In(decisions) });
    }
    await deleteLogsUnderRoots(em, roots);
    for (const entity of UNDER_ROOT) await em.getRepository<{ rootProcessInstanceId: string | null }>(entity).delete({ rootProcessInstanceId: In(roots) });
    await em.getRepository(HistoricProcessInstanceEntity).delete({ id: In(roots) });
  });
  return roots.length >= batchSize;
}

/** The job log of a batch's jobs goes with its historic batch. */
function removeBatchJobLogs(ctx: RuntimeContext, batchIds: string[]): void {
  ctx.uow.statement(async (em) => {
    const batches = await em.getRepository(HistoricBatchEntity).findBy({ id: In(batchIds) });
    const defs = batches.flatMap((b) => [b.seedJobDefinitionId, b.monitorJobDefinitionId, b.batchJobDefinitionId]).filter((d): d is string => d != null);
    if (defs.length) await em.getRepository(HistoricJobLogEntity).delete({ jobDefinitionId: In(defs) });
  });
}

export function insertCleanupJob(ctx: RuntimeContext, due: Date): JobEntity {
  return ctx.events.insertJob(null, { type: JOB_TYPE.message, handlerType: HISTORY_CLEANUP_HANDLER, dueDate: due, exclusive: false });
}

/**
 * One run of the cleanup job: up to `batchSize` rows per table whose removal time has passed, deleted in the job's
 * transaction. With more left it runs again at once (a new job row, so another instance may take it), else at the
 * next window start; a cleanup asked for without a window ends when nothing is left.
 */
export function historyCleanupHandler(settings: HistoryCleanupSettings): JobHandler {
  return async (ctx) => {
    const now = ctx.now();
    let more = await removeRootHierarchies(ctx, now, settings.batchSize);
    // Rows with a removal time of their own (decisions, batches, rows given one by a set-removal-time batch).
    for (const entity of TABLES) {
      const repo = ctx.em.getRepository<{ id: string; removalTime: Date | null }>(entity);
      const rows = await repo.find({ select: { id: true }, where: { removalTime: LessThanOrEqual(now) }, take: settings.batchSize });
      if (rows.length >= settings.batchSize) more = true;
      const ids = rows.map((r) => r.id);
      if (!ids.length) continue;
      if (entity === HistoricBatchEntity) removeBatchJobLogs(ctx, ids);
      ctx.uow.statement((em) => em.getRepository(entity).delete(ids));
    }
    const window = parseCleanupWindow(settings.window);
    if (more) insertCleanupJob(ctx, window ? nextWindowStart(window, now) : now);
    else if (window) insertCleanupJob(ctx, nextWindowStart(window, new Date(now.getTime() + 60_000)));
  };
}
