import { HistoricProcessInstanceEntity } from '../../../persistence/entities/history/historic-process-instance.entity';
import { Resources } from '../../authorization/resources';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { BadUserRequestError } from '../../errors';
import { HistoryLogManager } from '../history-log.manager';
import { ProcessHistoryManager } from '../process-history.manager';

/**
 * historyService.deleteHistoricProcessInstance(IfExists) (Camunda's DeleteHistoricProcessInstancesCmd for one id): a
 * finished instance with everything recorded under it; DELETE_HISTORY on its definition.
 */
export class DeleteHistoricProcessInstanceCmd implements Command<void> {
  constructor(
    private readonly id: string,
    private readonly failIfNotExists: boolean,
  ) {}

  async execute(ctx: CommandContext): Promise<void> {
    const instance = await ctx.em.getRepository(HistoricProcessInstanceEntity).findOneBy({ id: this.id });
    if (!instance) {
      if (this.failIfNotExists) throw new BadUserRequestError(`No historic process instance found with id: ${this.id}`);
      return;
    }
    if (instance.processDefinitionKey)
      await ctx.checkPermissions([
        {
          permission: 'DELETE_HISTORY',
          resource: Resources.PROCESS_DEFINITION,
          resourceId: instance.processDefinitionKey,
        },
      ]);
    if (!instance.endTime)
      throw new BadUserRequestError(
        `Process instance is still running, cannot delete historic process instance: ${instance.id}`,
      );
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'DeleteHistory',
      entityType: 'ProcessInstance',
      category: OPERATION_CATEGORY.operator,
      changes: [
        { property: 'nrOfInstances', newValue: 1 },
        { property: 'async', newValue: false },
      ],
    });
    ctx.manager(ProcessHistoryManager).removeHistory({ processInstanceIds: [instance.id] });
  }
}
