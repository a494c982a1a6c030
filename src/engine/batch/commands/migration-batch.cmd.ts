import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { BatchEntity } from '../../../persistence/entities/runtime/batch.entity';
import {
  checkedPlan,
  ensureMigrationIds,
  MigrationOptions,
} from '../../migration/commands/migrate-process-instances.cmd';
import { PlanRequest } from '../../migration/commands/migration-plan.cmd';
import { BATCH_TYPE } from '../batch-types';
import { BatchSizes, CreateBatchCmd } from './create-batch.cmd';

/**
 * runtimeService.newMigration(plan).executeAsync(): the plan is checked (valid, MIGRATE_INSTANCE on both definitions)
 * in the command that starts the batch; its jobs migrate their share of the instances.
 */
export class MigrationBatchCmd implements Command<BatchEntity, RuntimeContext> {
  constructor(
    private readonly plan: PlanRequest,
    private readonly ids: Array<string | null>,
    private readonly options: MigrationOptions,
    private readonly sizes: BatchSizes,
  ) {}

  async execute(ctx: RuntimeContext): Promise<BatchEntity> {
    const ids = ensureMigrationIds(this.ids);
    await checkedPlan(ctx, this.plan, true);
    const parameters = { migrationPlan: this.plan, ...this.options };
    return new CreateBatchCmd(BATCH_TYPE.processInstanceMigration, { ids, parameters }, this.sizes).execute(ctx);
  }
}
