import { FilterEntity } from '../../../persistence/entities/runtime/filter.entity';
import { selectRows } from '../../../persistence/raw-rows';
import { Resources } from '../../authorization/resources';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { FilterManager } from '../filter.manager';
import { filterNotFound } from './save-filter.cmd';

/** Deletes a filter (DELETE on it) with the authorizations on it, as Camunda's FilterManager does. */
export class DeleteFilterCmd implements Command<void> {
  constructor(private readonly id: string) {}

  async execute(ctx: CommandContext): Promise<void> {
    const [filter] = await selectRows(ctx.em, FilterEntity, 'WHERE t.id = ?', [this.id]);
    if (!filter) throw filterNotFound(this.id);
    await ctx.checkPermissions([{ permission: 'DELETE', resource: Resources.FILTER, resourceId: this.id }], true);
    ctx.manager(FilterManager).delete(filter);
  }
}
