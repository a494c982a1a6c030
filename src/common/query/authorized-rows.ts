import { Brackets, EntityManager, SelectQueryBuilder } from 'typeorm';
import { Authentication } from '../../engine/command/authentication';
import { AuthorizationChecker } from '../../engine/authorization/authorization-checker';
import { Resources, ResourceType } from '../../engine/authorization/resources';

/** One way a row becomes readable: `permission` on `resource`, whose id is the SQL expression `column`. */
export interface ReadGrant {
  permission: string;
  resource: ResourceType;
  column: string;
}

/**
 * Restricts a list to rows the caller may read through any one of the grants (Camunda's
 * "READ on the process instance or READ_INSTANCE on its definition"). A grant that admits
 * everything lifts the restriction.
 */
export async function restrictToAnyGrant<T extends object>(
  checker: AuthorizationChecker,
  em: EntityManager,
  qb: SelectQueryBuilder<T>,
  auth: Authentication | null,
  grants: ReadGrant[],
): Promise<void> {
  const parts: Array<{ sql: string; params: Record<string, unknown> }> = [];
  for (const [i, grant] of grants.entries()) {
    const restriction = await checker.listRestriction(em, auth, grant.permission, grant.resource);
    if (!restriction) return;
    const p = `authGrant${i}`;
    if (restriction.all) {
      if (!restriction.except.length) return;
      parts.push({ sql: `${grant.column} NOT IN (:...${p})`, params: { [p]: restriction.except } });
    } else if (restriction.only.length) {
      parts.push({ sql: `${grant.column} IN (:...${p})`, params: { [p]: restriction.only } });
    }
  }
  if (!parts.length) {
    qb.andWhere('1 = 0');
    return;
  }
  qb.andWhere(
    new Brackets((w) => {
      parts.forEach((part, i) => (i === 0 ? w.where(part.sql, part.params) : w.orWhere(part.sql, part.params)));
    }),
  );
}

/** Runtime rows of a process instance: READ on the instance or READ_INSTANCE on its definition. */
export function instanceReadGrants(instanceIdColumn: string, definitionKeyColumn: string): ReadGrant[] {
  return [
    { permission: 'READ', resource: Resources.PROCESS_INSTANCE, column: instanceIdColumn },
    { permission: 'READ_INSTANCE', resource: Resources.PROCESS_DEFINITION, column: definitionKeyColumn },
  ];
}

/** Tasks: READ on the task or READ_TASK on its process definition. */
export function taskReadGrants(taskIdColumn: string, definitionKeyColumn: string): ReadGrant[] {
  return [
    { permission: 'READ', resource: Resources.TASK, column: taskIdColumn },
    { permission: 'READ_TASK', resource: Resources.PROCESS_DEFINITION, column: definitionKeyColumn },
  ];
}
