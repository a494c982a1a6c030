import { EntityManager } from 'typeorm';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { PermissionChecker } from '../command/permission-checker';
import { Authentication } from '../command/authentication';
import { AuthorizationChecker, ListRestriction } from '../authorization/authorization-checker';
import { Resources } from '../authorization/resources';
import { Param } from './variable-condition';

/**
 * Camunda lets a user see an external task through its process instance (READ / UPDATE) or through
 * the definition key (READ_INSTANCE / UPDATE_INSTANCE); fetchAndLock needs both reading and updating.
 */
export type TaskPermission = 'read' | 'update';

const PERMISSIONS: Record<TaskPermission, { instance: string; definition: string }> = {
  read: { instance: 'READ', definition: 'READ_INSTANCE' },
  update: { instance: 'UPDATE', definition: 'UPDATE_INSTANCE' },
};

function restrictionSql(r: ListRestriction, column: string, param: Param): string | null {
  if (r.all) return r.except.length ? `${column} NOT IN (${r.except.map(param).join(', ')})` : null;
  return r.only.length ? `${column} IN (${r.only.map(param).join(', ')})` : '1 = 0';
}

/** Which tasks a caller may access: per permission, by instance id or by definition key (either suffices). */
export type TaskRestriction = Array<{ instance: ListRestriction; definition: ListRestriction }>;

/** Loads the caller's restriction once per request; null when nothing is restricted. */
export async function loadTaskRestriction(
  em: EntityManager,
  checker: AuthorizationChecker,
  auth: Authentication | null,
  permissions: TaskPermission[],
): Promise<TaskRestriction | null> {
  if (checker.bypasses(auth)) return null;
  const out: TaskRestriction = [];
  for (const p of permissions) {
    const instance = await checker.listRestriction(em, auth, PERMISSIONS[p].instance, Resources.PROCESS_INSTANCE);
    const definition = await checker.listRestriction(em, auth, PERMISSIONS[p].definition, Resources.PROCESS_DEFINITION);
    if (instance && definition) out.push({ instance, definition });
  }
  return out.length ? out : null;
}

/** The restriction as a WHERE condition over external task rows (raw column names); null: no condition. */
export function taskRestrictionSql(restriction: TaskRestriction | null, alias: string, param: Param): string | null {
  if (!restriction) return null;
  const parts: string[] = [];
  for (const { instance, definition } of restriction) {
    const a = restrictionSql(instance, `${alias}.proc_inst_id`, param);
    const b = restrictionSql(definition, `${alias}.proc_def_key`, param);
    if (a === null || b === null) continue;
    parts.push(`(${a} OR ${b})`);
  }
  return parts.length ? parts.join(' AND ') : null;
}

/** Throws Camunda's AuthorizationException unless the caller may work on this task. */
export async function checkExternalTaskAccess(
  em: EntityManager,
  checker: PermissionChecker,
  auth: Authentication | null,
  task: ExternalTaskEntity,
  permission: TaskPermission,
): Promise<void> {
  await checker.check(em, auth, [
    {
      permission: PERMISSIONS[permission].instance,
      resource: Resources.PROCESS_INSTANCE,
      resourceId: task.processInstanceId,
    },
    {
      permission: PERMISSIONS[permission].definition,
      resource: Resources.PROCESS_DEFINITION,
      resourceId: task.processDefinitionKey,
    },
  ]);
}
