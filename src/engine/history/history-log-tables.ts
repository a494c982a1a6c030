import { EntityManager, In } from 'typeorm';
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

/**
 * The log rows recorded under root process instances: by their root, and by the instances of the roots' hierarchies
 * (rows written without the root at hand, such as a task operation that did not load its instance).
 */
export async function deleteLogsUnderRoots(em: EntityManager, roots: string[]): Promise<void> {
  for (const table of PROCESS_LOG_TABLES) {
    const repo = em.getRepository<ProcessLogRow>(table);
    await repo.delete({ rootProcessInstanceId: In(roots) });
    const column = repo.metadata.findColumnWithPropertyName('processInstanceId')!.databaseName;
    await repo
      .createQueryBuilder()
      .delete()
      .where(
        `${column} IN (SELECT h.id FROM act_hi_procinst h WHERE h.root_proc_inst_id IN (:...roots) OR h.id IN (:...roots))`,
        { roots },
      )
      .execute();
  }
}
