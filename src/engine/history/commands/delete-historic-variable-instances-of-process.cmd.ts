import { HistoricProcessInstanceEntity } from '../../../persistence/entities/history/historic-process-instance.entity';
import { Resources } from '../../authorization/resources';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { OPERATION_CATEGORY } from '../../command/user-operation';
import { BadUserRequestError, NotFoundError } from '../../errors';
import { HistoryLogManager } from '../history-log.manager';
import { ProcessHistoryManager } from '../process-history.manager';

/**
 * historyService.deleteHistoricVariableInstancesByProcessInstanceId: every historic variable of the instance with its
 * details, the instance finished or running; DELETE_HISTORY on its definition.
 */
export class DeleteHistoricVariableInstancesOfProcessCmd implements Command<void> {
  constructor(private readonly processInstanceId: string) {}

  async execute(ctx: CommandContext): Promise<void> {
    if (!this.processInstanceId) throw new BadUserRequestError('processInstanceId is empty');
    const instance = await ctx.em
      .getRepository(HistoricProcessInstanceEntity)
      .findOneBy({ id: this.processInstanceId });
    if (!instance)
      throw new NotFoundError(
        `No historic process instance found with id: ${this.processInstanceId}: instance is null`,
      );
    if (instance.processDefinitionKey)
      await ctx.checkPermissions([
        {
          permission: 'DELETE_HISTORY',
          resource: Resources.PROCESS_DEFINITION,
          resourceId: instance.processDefinitionKey,
        },
      ]);
    ctx.manager(HistoryLogManager).userOperation({
      operationType: 'DeleteHistory',
      entityType: 'Variable',
      category: OPERATION_CATEGORY.operator,
      processInstanceId: instance.id,
      processDefinitionId: instance.processDefinitionId,
      processDefinitionKey: instance.processDefinitionKey,
      rootProcessInstanceId: instance.rootProcessInstanceId,
      tenantId: instance.tenantId,
    });
    ctx.manager(ProcessHistoryManager).removeVariablesOfInstance(instance.id);
  }
}
