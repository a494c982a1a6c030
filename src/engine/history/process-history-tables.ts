import { EntityManager, EntityTarget, In } from 'typeorm';
import { CommentEntity } from '../../persistence/entities/history/comment.entity';
import { HistoricActivityInstanceEntity } from '../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricDecisionInputEntity } from '../../persistence/entities/history/historic-decision-input.entity';
import { HistoricDecisionInstanceEntity } from '../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricDecisionOutputEntity } from '../../persistence/entities/history/historic-decision-output.entity';
import { HistoricDetailEntity } from '../../persistence/entities/history/historic-detail.entity';
import { HistoricIncidentEntity } from '../../persistence/entities/history/historic-incident.entity';
import { HistoricTaskInstanceEntity } from '../../persistence/entities/history/historic-task-instance.entity';
import { HistoricVariableInstanceEntity } from '../../persistence/entities/history/historic-variable-instance.entity';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { deleteLogsUnderRoots, PROCESS_LOG_TABLES, ProcessLogRow } from './history-log-tables';

/** The columns every history row recorded under a process instance has (act_hi_* with proc_inst_id and removal_time). */
export interface ProcessHistoryRow {
  id: string;
  processInstanceId: string | null;
  rootProcessInstanceId: string | null;
  removalTime: Date | null;
}

/**
 * The history tables whose rows belong to one process instance, besides the instance itself and its decision
 * instances (which have rows of their own under them). Deleting, setting removal times and the cleanup all go
 * through this list: a new act_hi_* table with proc_inst_id, root_proc_inst_id and removal_time is one line here.
 */
export const PROCESS_HISTORY_TABLES: ReadonlyArray<EntityTarget<ProcessHistoryRow>> = [
  HistoricDetailEntity,
  HistoricVariableInstanceEntity,
  HistoricTaskInstanceEntity,
  HistoricIncidentEntity,
  CommentEntity,
  HistoricActivityInstanceEntity,
];

/** Which rows: those of these process instances, or of the hierarchies under these root instances. */
export type ProcessHistoryScope = { processInstanceIds: string[] } | { rootProcessInstanceIds: string[] };

function where(scope: ProcessHistoryScope) {
  return 'processInstanceIds' in scope
    ? { processInstanceId: In(scope.processInstanceIds) }
    : { rootProcessInstanceId: In(scope.rootProcessInstanceIds) };
}

async function decisionIds(em: EntityManager, scope: ProcessHistoryScope): Promise<string[]> {
  const rows = await em
    .getRepository(HistoricDecisionInstanceEntity)
    .find({ select: { id: true }, where: where(scope) });
  return rows.map((d) => d.id);
}

/** Removes the history rows of the scope, the historic process instances too, children before their parents. */
export async function deleteProcessHistory(em: EntityManager, scope: ProcessHistoryScope): Promise<void> {
  const ids = 'processInstanceIds' in scope ? scope.processInstanceIds : scope.rootProcessInstanceIds;
  if (!ids.length) return;
  const decisions = await decisionIds(em, scope);
  if (decisions.length) {
    await em.getRepository(HistoricDecisionInputEntity).delete({ decisionInstanceId: In(decisions) });
    await em.getRepository(HistoricDecisionOutputEntity).delete({ decisionInstanceId: In(decisions) });
    await em.getRepository(HistoricDecisionInstanceEntity).delete({ id: In(decisions) });
  }
  for (const table of PROCESS_HISTORY_TABLES) await em.getRepository(table).delete(where(scope));
  if ('processInstanceIds' in scope) {
    for (const table of PROCESS_LOG_TABLES)
      await em.getRepository<ProcessLogRow>(table).delete({ processInstanceId: In(ids) });
  } else {
    await deleteLogsUnderRoots(em, ids);
  }
  await em.getRepository(HistoricProcessInstanceEntity).delete(where(scope));
  await em.getRepository(HistoricProcessInstanceEntity).delete({ id: In(ids) });
}

/** Gives the history rows of the scope (historic process instances, decisions evaluated by them included) one removal time. */
export async function setProcessHistoryRemovalTime(
  em: EntityManager,
  scope: ProcessHistoryScope,
  removalTime: Date | null,
): Promise<void> {
  const ids = 'processInstanceIds' in scope ? scope.processInstanceIds : scope.rootProcessInstanceIds;
  if (!ids.length) return;
  await em.getRepository(HistoricProcessInstanceEntity).update(where(scope), { removalTime });
  await em.getRepository(HistoricProcessInstanceEntity).update({ id: In(ids) }, { removalTime });
  for (const table of [...PROCESS_HISTORY_TABLES, ...PROCESS_LOG_TABLES])
    await em.getRepository<ProcessHistoryRow>(table).update(where(scope), { removalTime });
  const decisions = await decisionIds(em, scope);
  if (!decisions.length) return;
  await em.getRepository(HistoricDecisionInstanceEntity).update({ id: In(decisions) }, { removalTime });
  await em.getRepository(HistoricDecisionInputEntity).update({ decisionInstanceId: In(decisions) }, { removalTime });
  await em.getRepository(HistoricDecisionOutputEntity).update({ decisionInstanceId: In(decisions) }, { removalTime });
}
