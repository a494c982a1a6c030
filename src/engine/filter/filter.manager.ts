import { randomUUID } from 'node:crypto';
import { FilterEntity } from '../../persistence/entities/runtime/filter.entity';
import { ALL, Resources } from '../authorization/resources';
import { CommandContext } from '../command/command-context';
import { AuthorizationManager } from '../authorization/authorization.manager';

/** The columns of a filter a caller saves (the resource type stays what it was created with). */
export type FilterFields = Pick<FilterEntity, 'name' | 'owner' | 'query' | 'properties'>;

/**
 * The one place that writes filters (Camunda's FilterManager), through the command's unit of work: updates and
 * deletes are checked against the filter's revision, and the authorizations on a filter are granted and deleted
 * with it through the AuthorizationManager.
 */
export class FilterManager {
  constructor(private readonly ctx: CommandContext) {}

  /** A new filter; as Camunda's DefaultAuthorizationProvider has it, its owner may do everything with it. */
  insert(resourceType: string, fields: FilterFields): FilterEntity {
    const filter = Object.assign(new FilterEntity(), { id: randomUUID(), rev: 1, resourceType, ...fields });
    this.ctx.uow.insert(FilterEntity, filter);
    if (filter.owner != null) {
      this.ctx.manager(AuthorizationManager).grantDefault({
        userId: filter.owner,
        resourceType: Resources.FILTER.code,
        resourceId: filter.id,
        permissions: ALL,
      });
    }
    return filter;
  }

  update(filter: FilterEntity, fields: FilterFields): FilterEntity {
    return Object.assign(this.ctx.uow.track(FilterEntity, filter), fields);
  }

  delete(filter: FilterEntity): void {
    this.ctx.manager(AuthorizationManager).deleteOnResource(Resources.FILTER.code, filter.id);
    this.ctx.uow.delete(FilterEntity, filter);
  }
}
