import { In } from 'typeorm';
import { HistoricBatchEntity } from '../../persistence/entities/history/historic-batch.entity';
import { deleteWhereStatement, updateRowStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';
import { HistoryLogManager } from './history-log.manager';
import { idChunks } from './process-history-tables';

/**
 * Historic batches (Camunda's HistoricBatchManager): their rows as batches are created, start and end, their removal
 * times, and their removal (a historic batch goes with the job log of its seed, monitor and batch jobs). Through the
 * command's unit of work.
 */
export class HistoricBatchManager {
  constructor(private readonly ctx: CommandContext) {}

  async remove(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const batches = await this.ctx.em.getRepository(HistoricBatchEntity).findBy({ id: In(ids) });
    const jobDefinitionIds = batches
      .flatMap((b) => [b.seedJobDefinitionId, b.monitorJobDefinitionId, b.batchJobDefinitionId])
      .filter((d): d is string => d != null);
    this.removeWithJobDefinitions(ids, jobDefinitionIds);
  }

  /** Historic batches whose job definitions the caller knows, with the job log of those definitions' jobs. */
  removeWithJobDefinitions(ids: string | string[], jobDefinitionIds: string[]): void {
    const all = typeof ids === 'string' ? [ids] : ids;
    if (!all.length) return;
    this.ctx.manager(HistoryLogManager).removeOfJobDefinitions(jobDefinitionIds);
    this.ctx.uow.sql((em) => idChunks(all).map((part) => deleteWhereStatement(em, HistoricBatchEntity, { id: part })));
  }

  /** The historic row of a batch created in this command (at history levels above none). */
  insert(row: HistoricBatchEntity): void {
    this.ctx.uow.insert(HistoricBatchEntity, row);
  }

  executionStarted(batchId: string, time: Date): void {
    this.update(batchId, { executionStartTime: time });
  }

  ended(batchId: string, endTime: Date, removalTime: Date | null): void {
    this.update(batchId, { endTime, removalTime });
  }

  setRemovalTime(batchId: string, removalTime: Date | null): void {
    this.update(batchId, { removalTime });
  }

  private update(batchId: string, changes: Partial<HistoricBatchEntity>): void {
    this.ctx.uow.sql((em) => [updateRowStatement(em, HistoricBatchEntity, batchId, null, changes)]);
  }
}
