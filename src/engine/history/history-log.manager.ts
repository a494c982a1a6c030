import { EntityManager } from 'typeorm';
import { HistoricJobLogEntity } from '../../persistence/entities/history/historic-job-log.entity';
import { UserOperationLogEntryEntity } from '../../persistence/entities/history/user-operation-log-entry.entity';
import { deleteWhereStatement, SqlStatement, updateWhereStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';
import { PROCESS_LOG_TABLES, ProcessLogRow } from './history-log-tables';
import { idChunks, ProcessHistoryScope, scopeColumns, scopeIds } from './process-history-tables';

type LogRow = ProcessLogRow & { id: string; removalTime: Date | null };
type LogTable = new () => LogRow;

const LOG_TABLES = PROCESS_LOG_TABLES as ReadonlyArray<LogTable>;

/**
 * The removal of the external task, job and user operation logs (with the historic process instances they were
 * recorded under, with batches, by the history cleanup) and the changes users make to the user operation log. Their
 * rows are written by the command's log writer (`ctx.logs`); everything here goes through the unit of work.
 */
export class HistoryLogManager {
  constructor(private readonly ctx: CommandContext) {}

  /** The log rows of these process instances. */
  removeOfInstances(processInstanceIds: string[]): void {
    if (!processInstanceIds.length) return;
    this.ctx.uow.sql((em) =>
      LOG_TABLES.flatMap((table) =>
        idChunks(processInstanceIds).map((part) => deleteWhereStatement(em, table, { processInstanceId: part })),
      ),
    );
  }

  /**
   * The log rows recorded under root process instances: by their root, and by the instances of the roots' hierarchies
   * (rows written without the root at hand, such as a task operation that did not load its instance).
   */
  removeUnderRoots(roots: string[]): void {
    if (!roots.length) return;
    this.ctx.uow.sql((em) =>
      LOG_TABLES.flatMap((table) =>
        idChunks(roots).flatMap((part) => [
          deleteWhereStatement(em, table, { rootProcessInstanceId: part }),
          deleteInHierarchies(em, table, part),
        ]),
      ),
    );
  }

  /** The log rows of the scope take the removal time of the process history they belong to. */
  setRemovalTime(scope: ProcessHistoryScope, removalTime: Date | null): void {
    const ids = scopeIds(scope);
    if (!ids.length) return;
    this.ctx.uow.sql((em) =>
      LOG_TABLES.flatMap((table) =>
        idChunks(ids).map((part) =>
          updateWhereStatement<LogRow>(em, table, { removalTime }, scopeColumns(scope, part)),
        ),
      ),
    );
  }

  /** The job log of these job definitions (the jobs of a historic batch that goes). */
  removeOfJobDefinitions(jobDefinitionIds: string[]): void {
    if (!jobDefinitionIds.length) return;
    this.ctx.uow.sql((em) =>
      idChunks(jobDefinitionIds).map((part) =>
        deleteWhereStatement(em, HistoricJobLogEntity, { jobDefinitionId: part }),
      ),
    );
  }

  /** Rows of one of the log tables, by id (the history cleanup: rows past their removal time). */
  removeRows(table: (typeof PROCESS_LOG_TABLES)[number], ids: string[]): void {
    if (!ids.length) return;
    this.ctx.uow.sql((em) => idChunks(ids).map((part) => deleteWhereStatement(em, table as LogTable, { id: part })));
  }

  /** Sets (or, with null, clears) the annotation of every entry of one user operation. */
  annotateOperation(operationId: string, annotation: string | null): void {
    this.ctx.uow.sql((em) => [updateWhereStatement(em, UserOperationLogEntryEntity, { annotation }, { operationId })]);
  }

  /** One entry of the user operation log. */
  removeOperationLogEntry(id: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, UserOperationLogEntryEntity, { id })]);
  }
}

/** Rows of a log table whose process instance belongs to the hierarchy of one of these roots. */
function deleteInHierarchies(em: EntityManager, table: LogTable, roots: string[]): SqlStatement {
  const escape = (name: string) => em.connection.driver.escape(name);
  const metadata = em.connection.getMetadata(table);
  const column = escape(metadata.findColumnWithPropertyName('processInstanceId')!.databaseName);
  const list = roots.map(() => '?').join(', ');
  return {
    sql:
      `DELETE FROM ${escape(metadata.tableName)} WHERE ${column} IN ` +
      `(SELECT h.id FROM act_hi_procinst h WHERE h.root_proc_inst_id IN (${list}) OR h.id IN (${list}))`,
    params: [...roots, ...roots],
  };
}
