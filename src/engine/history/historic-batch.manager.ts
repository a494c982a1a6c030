import { In } from 'typeorm';
import { HistoricBatchEntity } from '../../persistence/entities/history/historic-batch.entity';
import { deleteWhereStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';
import { HistoryLogManager } from './history-log.manager';
import { idChunks } from './process-history-tables';

/**
 * The removal of historic batches (Camunda's HistoricBatchManager): a historic batch goes with the job log of its
 * seed, monitor and batch jobs. Through the command's unit of work.
 */
export class HistoricBatchManager {
  constructor(private readonly ctx: CommandContext) {}

  async remove(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const batches = await this.ctx.em.getRepository(HistoricBatchEntity).findBy({ id: In(ids) });
    const jobDefinitionIds = batches
      .flatMap((b) => [b.seedJobDefinitionId, b.monitorJobDefinitionId, b.batchJobDefinitionId])
      .filter((d): d is string => d != null);
    this.ctx.manager(HistoryLogManager).removeOfJobDefinitions(jobDefinitionIds);
    this.ctx.uow.sql((em) => idChunks(ids).map((part) => deleteWhereStatement(em, HistoricBatchEntity, { id: part })));
  }
}
