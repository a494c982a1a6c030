import { BatchEntity } from '../../../persistence/entities/runtime/batch.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { BadUserRequestError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { VariableMap } from '../../variables/typed-value';
import { storeVariables } from '../batch-variables';
import { BATCH_TYPE } from '../batch-types';
import { BatchSizes, CreateBatchCmd } from './create-batch.cmd';

/**
 * runtimeService.createMessageCorrelationAsync(name)...correlateAllAsync() (Camunda's CorrelateAllMessageBatchCmd): a
 * correlate-message batch over the instances selected, ids given kept as they are; each batch job correlates the
 * message to every subscription of its instances. Needs CREATE or CREATE_BATCH_CORRELATE_MESSAGE on Batch.
 */
export class CorrelateMessageBatchCmd implements Command<BatchEntity, RuntimeContext> {
  constructor(
    private readonly messageName: string | null,
    private readonly processInstanceIds: string[] | null,
    private readonly variables: VariableMap | null,
    private readonly sizes: BatchSizes,
  ) {}

  async execute(ctx: RuntimeContext): Promise<BatchEntity> {
    if (this.messageName == null) throw new BadUserRequestError('messageName is null', 'NullValueException');
    if (this.processInstanceIds == null)
      throw new BadUserRequestError('No process instances found.', 'NullValueException');
    const ids = [...new Set(this.processInstanceIds)];
    if (!ids.length)
      throw new BadUserRequestError('Process instance ids cannot be empty: process instance ids is empty');
    const variables = this.variables ?? {};
    const batch = await new CreateBatchCmd(
      BATCH_TYPE.correlateMessage,
      { ids, parameters: { messageName: this.messageName, variables: storeVariables(variables) } },
      this.sizes,
    ).execute(ctx);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'CorrelateMessage',
      entityType: 'ProcessInstance',
      category: OPERATION_CATEGORY.operator,
      batchId: batch.id,
      changes: [
        { property: 'messageName', newValue: this.messageName },
        { property: 'nrOfInstances', newValue: ids.length },
        { property: 'nrOfVariables', newValue: Object.keys(variables).length },
        { property: 'async', newValue: true },
      ],
    });
    return batch;
  }
}
