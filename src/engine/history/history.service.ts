import { Authentication } from '../command/authentication';
import { CommandExecutor } from '../command/command-executor';
import { DeleteHistoricVariableInstanceCmd } from './commands/delete-historic-variable-instance.cmd';

/** The history operations that change rows (reads go through the shared query builder). */
export class HistoryService {
  constructor(private readonly commands: CommandExecutor) {}

  deleteHistoricVariableInstance(auth: Authentication | null, id: string): Promise<void> {
    return this.commands.execute(auth, new DeleteHistoricVariableInstanceCmd(id));
  }
}
