import { FilterEntity } from '../../../persistence/entities/runtime/filter.entity';
import { selectRows } from '../../../persistence/raw-rows';
import { Resources } from '../../authorization/resources';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { NotFoundError, NotValidError } from '../../errors';
import { FilterData } from '../filter-types';
import { FilterFields, FilterManager } from '../filter.manager';

export function filterNotFound(id: string): NotFoundError {
  return new NotFoundError(`Filter with id '${id}' does not exist.`);
}

/** Camunda's FilterEntity checks: a name, a resource type and a query. */
function validate(data: FilterData): void {
  if (!data.name) throw new NotValidError('Filter name must not be null or empty: name is empty');
  if (!data.resourceType)
    throw new NotValidError('Filter resource type must not be null or empty: resourceType is empty');
  if (!data.query) throw new NotValidError('Filter query must not be null: query is null');
}

function json(value: Record<string, unknown> | null): string | null {
  return value == null ? null : JSON.stringify(value);
}

/** What a save writes: the validated data as columns. */
function fields(data: FilterData): FilterFields {
  return {
    name: data.name!,
    owner: data.owner ?? null,
    query: json(data.query)!,
    properties: json(data.properties),
  };
}

/**
 * Creates a filter (CREATE on filters) or replaces one's name, owner, query and properties (UPDATE
 * on it; the resource type stays). As Camunda's DefaultAuthorizationProvider does, a new filter's
 * owner may do everything with it while authorization checks are on.
 */
export class SaveFilterCmd implements Command<FilterEntity> {
  constructor(
    private readonly id: string | null,
    private readonly data: FilterData,
  ) {}

  async execute(ctx: CommandContext): Promise<FilterEntity> {
    return this.id === null ? this.create(ctx) : this.update(ctx, this.id);
  }

  private async create(ctx: CommandContext): Promise<FilterEntity> {
    await ctx.checkPermissions([{ permission: 'CREATE', resource: Resources.FILTER }], true);
    validate(this.data);
    return ctx.manager(FilterManager).insert(this.data.resourceType!, fields(this.data));
  }

  private async update(ctx: CommandContext, id: string): Promise<FilterEntity> {
    const [filter] = await selectRows(ctx.em, FilterEntity, 'WHERE t.id = ?', [id]);
    if (!filter) throw filterNotFound(id);
    await ctx.checkPermissions([{ permission: 'UPDATE', resource: Resources.FILTER, resourceId: id }], true);
    validate({ ...this.data, resourceType: filter.resourceType });
    return ctx.manager(FilterManager).update(filter, fields(this.data));
  }
}
