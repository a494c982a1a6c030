import { In } from 'typeorm';
import { HistoricBatchEntity } from '../../../persistence/entities/history/historic-batch.entity';
import { BatchEntity } from '../../../persistence/entities/runtime/batch.entity';
import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { Resources } from '../../authorization/resources';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { NotFoundError } from '../../errors';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { BatchJobSettings } from '../batch-jobs';
import { BatchManager, batchJobDefinitions } from '../batch.manager';
import { HistoricBatchManager } from '../../history/historic-batch.manager';
import { HistoryLogManager } from '../../history/history-log.manager';

/**
 * Deletes a batch with its jobs and their incidents. Its historic batch ends now (its jobs logged as deleted), or goes
 * with `cascade`, together with the job log of the batch's jobs. Needs DELETE on the batch.
 */
export class DeleteBatchCmd implements Command<void, RuntimeContext> {
  constructor(
    private readonly batchId: string,
    private readonly cascade: boolean,
    private readonly settings: BatchJobSettings,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const batch = await ctx.em.getRepository(BatchEntity).findOneBy({ id: this.batchId });
    if (!batch) throw new NotFoundError(`Batch for id '${this.batchId}' cannot be found`);
    await ctx.checkPermissions([{ permission: 'DELETE', resource: Resources.BATCH, resourceId: batch.id }]);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'Delete',
      entityType: 'Batch',
      category: OPERATION_CATEGORY.operator,
      batchId: batch.id,
      changes: [{ property: 'cascadeToHistory', newValue: this.cascade }],
    });
    const defs = batchJobDefinitions(batch);
    if (ctx.manager(HistoryLogManager).enabled && !this.cascade) {
      for (const job of await ctx.em.getRepository(JobEntity).findBy({ jobDefinitionId: In(defs) }))
        ctx.manager(HistoryLogManager).job('deleted', job);
    }
    ctx.manager(BatchManager).delete(batch, this.cascade, this.settings.ttlOf(batch.type));
  }
}

/** Deletes a historic batch and the job log of its jobs. Needs DELETE_HISTORY on Batch. */
export class DeleteHistoricBatchCmd implements Command<void, RuntimeContext> {
  constructor(private readonly batchId: string) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const found = await ctx.em.getRepository(HistoricBatchEntity).findOneBy({ id: this.batchId });
    if (!found) throw new NotFoundError(`Historic batch for id '${this.batchId}' cannot be found`);
    await ctx.checkPermissions([{ permission: 'DELETE_HISTORY', resource: Resources.BATCH }]);
    const defs = [found.seedJobDefinitionId, found.monitorJobDefinitionId, found.batchJobDefinitionId].filter(
      (d): d is string => d != null,
    );
    ctx.manager(HistoricBatchManager).removeWithJobDefinitions(found.id, defs);
  }
}
