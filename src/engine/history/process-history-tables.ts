import { In } from 'typeorm';
import { AttachmentEntity } from '../../persistence/entities/history/attachment.entity';
import { CommentEntity } from '../../persistence/entities/history/comment.entity';
import { HistoricActivityInstanceEntity } from '../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricDetailEntity } from '../../persistence/entities/history/historic-detail.entity';
import { HistoricIdentityLinkLogEntity } from '../../persistence/entities/history/historic-identity-link-log.entity';
import { HistoricIncidentEntity } from '../../persistence/entities/history/historic-incident.entity';
import { HistoricTaskInstanceEntity } from '../../persistence/entities/history/historic-task-instance.entity';
import { HistoricVariableInstanceEntity } from '../../persistence/entities/history/historic-variable-instance.entity';

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
export const PROCESS_HISTORY_TABLES: ReadonlyArray<new () => ProcessHistoryRow> = [
  HistoricDetailEntity,
  HistoricVariableInstanceEntity,
  HistoricTaskInstanceEntity,
  HistoricIncidentEntity,
  HistoricIdentityLinkLogEntity,
  CommentEntity,
  AttachmentEntity,
  HistoricActivityInstanceEntity,
];

/** The tables of that list without proc_def_id (a user's notes carry no definition): found through their instance. */
export const NOTE_TABLES: ReadonlyArray<new () => ProcessHistoryRow> = [CommentEntity, AttachmentEntity];

/** Which rows: those of these process instances, or of the hierarchies under these root instances. */
export type ProcessHistoryScope = { processInstanceIds: string[] } | { rootProcessInstanceIds: string[] };

/** The instance ids of a scope (its roots' for a hierarchy). */
export function scopeIds(scope: ProcessHistoryScope): string[] {
  return 'processInstanceIds' in scope ? scope.processInstanceIds : scope.rootProcessInstanceIds;
}

/** The rows of some of the scope's instances, by their instance or their root (`ids` a part of `scopeIds`). */
export function scopeColumns(
  scope: ProcessHistoryScope,
  ids: string[],
): { processInstanceId: string[] } | { rootProcessInstanceId: string[] } {
  return 'processInstanceIds' in scope ? { processInstanceId: ids } : { rootProcessInstanceId: ids };
}

/** The scope's rows, for a repository's find. */
export function scopeWhere(scope: ProcessHistoryScope) {
  return 'processInstanceIds' in scope
    ? { processInstanceId: In(scope.processInstanceIds) }
    : { rootProcessInstanceId: In(scope.rootProcessInstanceIds) };
}

/** Ids in parts of at most 500, for IN lists (every driver's parameter limit is far above). */
export function idChunks(ids: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(ids.slice(i, i + 500));
  return out;
}
