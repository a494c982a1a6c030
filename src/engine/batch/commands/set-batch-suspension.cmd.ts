import { BatchEntity } from '../../../persistence/entities/runtime/batch.entity';
import { Resources } from '../../authorization/resources';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { NotFoundError } from '../../errors';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { BatchManager } from '../batch.manager';
import { HistoryLogManager } from '../../history/history-log.manager';

/** Suspends or activates a batch and all its jobs (seed, monitor, batch jobs): suspended jobs are not acquired. Needs UPDATE on the batch. */
export class SetBatchSuspensionCmd implements Command<void, RuntimeContext> {
  constructor(
    private readonly batchId: string,
    private readonly suspended: boolean,
  ) {}

  async execute(ctx: RuntimeContext): Promise<void> {
    const batch = await ctx.em.getRepository(BatchEntity).findOneBy({ id: this.batchId });
    if (!batch) throw new NotFoundError(`Batch for id '${this.batchId}' cannot be found`);
    await ctx.checkPermissions([{ permission: 'UPDATE', resource: Resources.BATCH, resourceId: batch.id }]);
    const state = this.suspended ? 2 : 1;
    if (batch.suspensionState === state) return;
    ctx.manager(HistoryLogManager).userOperation({
      operationType: this.suspended ? 'SuspendBatch' : 'ActivateBatch',
      entityType: 'Batch',
      category: OPERATION_CATEGORY.operator,
      batchId: batch.id,
      changes: [{ property: 'suspensionState', newValue: this.suspended ? 'suspended' : 'active' }],
    });
    ctx.manager(BatchManager).setSuspension(batch, state);
    if (!this.suspended) ctx.afterCommit(() => ctx.deps.jobsCreated?.(ctx.now()));
  }
}
