import { BatchEntity } from '../../../persistence/entities/runtime/batch.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { logRestart, RestartOptions, restartDefinition } from '../../instances/commands/restart-process-instances.cmd';
import { BATCH_TYPE } from '../batch-types';
import { BatchSizes, CreateBatchCmd } from './create-batch.cmd';

/**
 * runtimeService.restartProcessInstances(definitionId)...executeAsync() (Camunda's RestartProcessInstancesBatchCmd):
 * the request's checks, the log entry, then an instance-restart batch; whether each instance can be restarted is its
 * batch job's to find out.
 */
export class RestartProcessInstancesBatchCmd implements Command<BatchEntity, RuntimeContext> {
  constructor(
    private readonly options: RestartOptions,
    private readonly ids: Array<string | null>,
    private readonly sizes: BatchSizes,
  ) {}

  async execute(ctx: RuntimeContext): Promise<BatchEntity> {
    const definition = await restartDefinition(ctx, this.options, this.ids, 'processInstanceIds');
    const ids = [...new Set(this.ids as string[])];
    const batch = await new CreateBatchCmd(
      BATCH_TYPE.processInstanceRestart,
      { ids, parameters: { ...this.options } },
      this.sizes,
    ).execute(ctx);
    logRestart(ctx, definition, ids.length, true);
    return batch;
  }
}
