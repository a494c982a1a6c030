import { HistoricExternalTaskLogEntity } from '../../persistence/entities/history/historic-external-task-log.entity';
import { HistoricJobLogEntity } from '../../persistence/entities/history/historic-job-log.entity';
import { UserOperationLogEntryEntity } from '../../persistence/entities/history/user-operation-log-entry.entity';

/** The log rows recorded under process instances: they go with their historic instances (cleanup, deletion, cascade). */
export const PROCESS_LOG_TABLES = [
  HistoricExternalTaskLogEntity,
  HistoricJobLogEntity,
  UserOperationLogEntryEntity,
] as const;

/** The shape all three share for deleting by instance, root or definition. */
export type ProcessLogRow = {
  processInstanceId: string | null;
  rootProcessInstanceId: string | null;
  processDefinitionId: string | null;
};
