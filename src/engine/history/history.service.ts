import { Authentication } from '../command/authentication';
import { CommandExecutor } from '../command/command-executor';
import { DeleteHistoricProcessInstanceCmd } from './commands/delete-historic-process-instance.cmd';
import { DeleteHistoricVariableInstanceCmd } from './commands/delete-historic-variable-instance.cmd';
import { DeleteHistoricVariableInstancesOfProcessCmd } from './commands/delete-historic-variable-instances-of-process.cmd';

/** The history operations that change rows (reads go through the shared query builder). */
export class HistoryService {
  constructor(private readonly commands: CommandExecutor) {}

  deleteHistoricVariableInstance(auth: Authentication | null, id: string): Promise<void> {
    return this.commands.execute(auth, new DeleteHistoricVariableInstanceCmd(id));
  }

  deleteHistoricProcessInstance(auth: Authentication | null, id: string, failIfNotExists: boolean): Promise<void> {
    return this.commands.execute(auth, new DeleteHistoricProcessInstanceCmd(id, failIfNotExists));
  }

  deleteHistoricVariableInstancesByProcessInstanceId(
    auth: Authentication | null,
    processInstanceId: string,
  ): Promise<void> {
    return this.commands.execute(auth, new DeleteHistoricVariableInstancesOfProcessCmd(processInstanceId));
  }
}
