import { In } from 'typeorm';
import { BatchEntity } from '../../../persistence/entities/runtime/batch.entity';
import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { BadUserRequestError } from '../../errors';
import { HistoryLogManager } from '../../history/history-log.manager';
import { idChunks } from '../../history/process-history-tables';
import { VariableMap } from '../../variables/typed-value';
import { storeVariables } from '../batch-variables';
import { BATCH_TYPE } from '../batch-types';
import { BatchSizes, CreateBatchCmd } from './create-batch.cmd';

/**
 * runtimeService.setVariablesAsync (Camunda's SetVariablesToProcessInstancesBatchCmd): a set-variables batch over the
 * running instances among those selected (ids that name none are dropped, as Camunda's query drops them). Needs
 * CREATE or CREATE_BATCH_SET_VARIABLES on Batch.
 */
export class SetVariablesBatchCmd implements Command<BatchEntity, RuntimeContext> {
  constructor(
    private readonly processInstanceIds: string[] | null,
    private readonly variables: VariableMap | null,
    private readonly sizes: BatchSizes,
  ) {}

  async execute(ctx: RuntimeContext): Promise<BatchEntity> {
    if (this.variables == null) throw new BadUserRequestError('variables is null', 'NullValueException');
    const count = Object.keys(this.variables).length;
    if (!count) throw new BadUserRequestError('variables is empty');
    if (this.processInstanceIds == null)
      throw new BadUserRequestError('No process instances found.', 'NullValueException');
    const ids = await this.running(ctx, [...new Set(this.processInstanceIds)]);
    if (!ids.length) throw new BadUserRequestError('processInstanceIds is empty');
    const batch = await new CreateBatchCmd(
      BATCH_TYPE.setVariables,
      { ids, parameters: { variables: storeVariables(this.variables) } },
      this.sizes,
    ).execute(ctx);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'SetVariables',
      entityType: 'ProcessInstance',
      category: OPERATION_CATEGORY.operator,
      batchId: batch.id,
      changes: [
        { property: 'nrOfInstances', newValue: ids.length },
        { property: 'nrOfVariables', newValue: count },
        { property: 'async', newValue: true },
      ],
    });
    return batch;
  }

  private async running(ctx: RuntimeContext, ids: string[]): Promise<string[]> {
    const found = new Set<string>();
    for (const part of idChunks(ids)) {
      const rows = await ctx.em
        .getRepository(ExecutionEntity)
        .find({ select: { id: true, processInstanceId: true }, where: { id: In(part) } });
      for (const r of rows) if (r.id === r.processInstanceId) found.add(r.id);
    }
    return ids.filter((id) => found.has(id));
  }
}
