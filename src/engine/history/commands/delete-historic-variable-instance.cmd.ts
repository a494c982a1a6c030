import { HistoricVariableInstanceEntity } from '../../../persistence/entities/history/historic-variable-instance.entity';
import { Resources } from '../../authorization/resources';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { NotFoundError } from '../../errors';
import { ProcessHistoryManager } from '../process-history.manager';

/** historyService.deleteHistoricVariableInstance: the row and the details recorded for the variable. */
export class DeleteHistoricVariableInstanceCmd implements Command<void> {
  constructor(private readonly id: string) {}

  async execute(ctx: CommandContext): Promise<void> {
    const found = await ctx.em.getRepository(HistoricVariableInstanceEntity).findOneBy({ id: this.id });
    if (!found)
      throw new NotFoundError(`No historic variable instance found with id: ${this.id}: variableInstance is null`);
    if (found.processDefinitionKey) {
      await ctx.checkPermissions([
        {
          permission: 'DELETE_HISTORY',
          resource: Resources.PROCESS_DEFINITION,
          resourceId: found.processDefinitionKey,
        },
      ]);
    }
    ctx.manager(ProcessHistoryManager).removeVariableInstance(found.id);
  }
}
