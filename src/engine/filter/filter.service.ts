import { FilterEntity } from '../../persistence/entities/runtime/filter.entity';
import { Authentication } from '../command/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { Resources } from '../authorization/resources';
import { CommandExecutor } from '../command/command-executor';
import { DeleteFilterCmd } from './commands/delete-filter.cmd';
import { filterNotFound, SaveFilterCmd } from './commands/save-filter.cmd';
import { Filter, FilterData } from './filter-types';

export function toFilter(entity: FilterEntity): Filter {
  return {
    id: entity.id,
    resourceType: entity.resourceType,
    name: entity.name,
    owner: entity.owner,
    query: JSON.parse(entity.query) as Record<string, unknown>,
    properties: entity.properties == null ? null : (JSON.parse(entity.properties) as Record<string, unknown>),
  };
}

/**
 * Saved queries (Camunda's FilterService): create, update and delete are commands with Camunda's
 * FILTER permissions; reading one needs READ on it. What a filter's query means is the caller's
 * business (the REST layer validates and runs task queries); the engine keeps it as JSON.
 */
export class FilterService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly checker: AuthorizationChecker,
  ) {}

  async create(auth: Authentication | null, data: FilterData): Promise<Filter> {
    return toFilter(await this.commands.execute(auth, new SaveFilterCmd(null, data)));
  }

  async update(auth: Authentication | null, id: string, data: FilterData): Promise<void> {
    await this.commands.execute(auth, new SaveFilterCmd(id, data));
  }

  delete(auth: Authentication | null, id: string): Promise<void> {
    return this.commands.execute(auth, new DeleteFilterCmd(id));
  }

  /** The filter, with READ on it; NotFound when it does not exist, AuthorizationError when it may not be read. */
  get(auth: Authentication | null, id: string): Promise<Filter> {
    return this.commands.tx.read(async (em) => {
      const entity = await em.getRepository(FilterEntity).findOneBy({ id });
      if (!entity) throw filterNotFound(id);
      await this.checker.check(em, auth, [{ permission: 'READ', resource: Resources.FILTER, resourceId: id }], true);
      return toFilter(entity);
    });
  }

  /** Which of READ, UPDATE, DELETE (and CREATE without an id) the caller holds, for OPTIONS link lists. */
  permissions(auth: Authentication | null, id: string | null): Promise<Set<string>> {
    return this.commands.tx.read(async (em) => {
      const held = new Set<string>();
      for (const permission of id === null ? ['CREATE'] : ['READ', 'UPDATE', 'DELETE']) {
        if (await this.checker.isAuthorized(em, auth, { permission, resource: Resources.FILTER, resourceId: id }))
          held.add(permission);
      }
      return held;
    });
  }
}
