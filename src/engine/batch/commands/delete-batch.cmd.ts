import { In } from 'typeorm';
import { HistoricBatchEntity } from '../../../persistence/entities/history/historic-batch.entity';
import { HistoricJobLogEntity } from '../../../persistence/entities/history/historic-job-log.entity';
import { BatchEntity } from '../../../persistence/entities/runtime/batch.entity';
import { IncidentManager } from '../../incident/incident.manager';
import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { Resources } from '../../authorization/resources';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { NotFoundError } from '../../errors';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { BatchJobSettings, endHistoricBatch } from '../batch-jobs';

export function batchJobDefinitions(batch: BatchEntity): string[] {
  return [batch.seedJobDefinitionId, batch.monitorJobDefinitionId, batch.batchJobDefinitionId].filter(
    (d): d is string => d != null,
  );
}

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
    ctx.uow.track(BatchEntity, batch);
    ctx.uow.delete(BatchEntity, batch);
    ctx.logs.userOperation({
      operationType: 'Delete',
      entityType: 'Batch',
      category: OPERATION_CATEGORY.operator,
      batchId: batch.id,
      changes: [{ property: 'cascadeToHistory', newValue: this.cascade }],
    });
    const defs = batchJobDefinitions(batch);
    if (ctx.logs.enabled && !this.cascade) {
      for (const job of await ctx.em.getRepository(JobEntity).findBy({ jobDefinitionId: In(defs) }))
        ctx.logs.job('deleted', job);
    }
    ctx.manager(IncidentManager).removeOfJobDefinitions(defs);
    ctx.uow.statement(async (em) => {
      await em.getRepository(JobEntity).delete({ jobDefinitionId: In(defs) });
    });
    if (this.cascade) {
      ctx.uow.statement(async (em) => {
        await em.getRepository(HistoricBatchEntity).delete({ id: batch.id });
        await em.getRepository(HistoricJobLogEntity).delete({ jobDefinitionId: In(defs) });
      });
    } else endHistoricBatch(ctx, batch, this.settings);
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
    ctx.uow.statement(async (em) => {
      await em.getRepository(HistoricBatchEntity).delete({ id: found.id });
      if (defs.length) await em.getRepository(HistoricJobLogEntity).delete({ jobDefinitionId: In(defs) });
    });
  }
}
