import { PermissionCheck } from '../../authorization/authorization-checker';
import { Resources } from '../../authorization/resources';
import type { RuntimeContext } from './runtime-context';
import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';

interface InstanceRef {
  id: string;
  definitionKey: string;
  /** For the tenant check; absent: the caller checks the tenant itself. */
  tenantId?: string | null;
}

function check(ctx: RuntimeContext, checks: PermissionCheck[]): Promise<void> {
  return ctx.deps.checker.check(ctx.em, ctx.auth, checks);
}

/** Starting needs both CREATE on process instances and CREATE_INSTANCE on the definition. */
export async function checkCreateInstance(ctx: RuntimeContext, definitionKey: string): Promise<void> {
  await check(ctx, [{ permission: 'CREATE', resource: Resources.PROCESS_INSTANCE }]);
  await check(ctx, [
    { permission: 'CREATE_INSTANCE', resource: Resources.PROCESS_DEFINITION, resourceId: definitionKey },
  ]);
}

export function checkReadDefinition(ctx: RuntimeContext, definitionKey: string): Promise<void> {
  return check(ctx, [{ permission: 'READ', resource: Resources.PROCESS_DEFINITION, resourceId: definitionKey }]);
}

/**
 * The tenant check (Camunda runs its TenantCommandChecker before the authorization checker), then permissions on the
 * instance itself and on its definition: Camunda lists missing ones in this order.
 */
function onInstance(
  ctx: RuntimeContext,
  instance: InstanceRef,
  instancePermissions: string[],
  definitionPermissions: string[],
  command: string,
): Promise<void> {
  ctx.checkTenant(instance.tenantId, `${command} the process instance '${instance.id}'`);
  return check(ctx, [
    ...instancePermissions.map((permission) => ({
      permission,
      resource: Resources.PROCESS_INSTANCE,
      resourceId: instance.id,
    })),
    ...definitionPermissions.map((permission) => ({
      permission,
      resource: Resources.PROCESS_DEFINITION,
      resourceId: instance.definitionKey,
    })),
  ]);
}

export function checkUpdateInstance(ctx: RuntimeContext, instance: InstanceRef): Promise<void> {
  return onInstance(ctx, instance, ['UPDATE'], ['UPDATE_INSTANCE'], 'update');
}

export function checkUpdateInstanceVariables(ctx: RuntimeContext, instance: InstanceRef): Promise<void> {
  return onInstance(
    ctx,
    instance,
    ['UPDATE', 'UPDATE_VARIABLE'],
    ['UPDATE_INSTANCE', 'UPDATE_INSTANCE_VARIABLE'],
    'update',
  );
}

export function checkReadInstance(ctx: RuntimeContext, instance: InstanceRef): Promise<void> {
  return onInstance(ctx, instance, ['READ'], ['READ_INSTANCE'], 'read');
}

export function checkDeleteInstance(ctx: RuntimeContext, instance: InstanceRef): Promise<void> {
  return onInstance(ctx, instance, ['DELETE'], ['DELETE_INSTANCE'], 'delete');
}

function taskChecks(task: TaskEntity, taskPermissions: string[], definitionPermissions: string[]): PermissionCheck[] {
  const checks: PermissionCheck[] = taskPermissions.map((permission) => ({
    permission,
    resource: Resources.TASK,
    resourceId: task.id,
  }));
  if (task.processDefinitionKey) {
    for (const permission of definitionPermissions) {
      checks.push({ permission, resource: Resources.PROCESS_DEFINITION, resourceId: task.processDefinitionKey });
    }
  }
  return checks;
}

/** Completing: TASK_WORK or UPDATE on the task, or TASK_WORK or UPDATE_TASK on its process definition. */
export function checkTaskWork(ctx: RuntimeContext, task: TaskEntity): Promise<void> {
  ctx.checkTenant(task.tenantId, `work on task '${task.id}'`);
  return check(ctx, taskChecks(task, ['TASK_WORK', 'UPDATE'], ['TASK_WORK', 'UPDATE_TASK']));
}

export function checkReadTask(ctx: RuntimeContext, task: TaskEntity): Promise<void> {
  ctx.checkTenant(task.tenantId, `read the task '${task.id}'`);
  return check(ctx, taskChecks(task, ['READ', 'READ_VARIABLE'], ['READ_TASK', 'READ_TASK_VARIABLE']));
}

export function checkUpdateTaskVariables(ctx: RuntimeContext, task: TaskEntity): Promise<void> {
  ctx.checkTenant(task.tenantId, `update the task '${task.id}'`);
  return check(ctx, taskChecks(task, ['UPDATE', 'UPDATE_VARIABLE'], ['UPDATE_TASK', 'UPDATE_TASK_VARIABLE']));
}

/** Claim, unclaim, set assignee: TASK_ASSIGN or UPDATE on the task, or TASK_ASSIGN or UPDATE_TASK on its definition. */
export function checkTaskAssign(ctx: RuntimeContext, task: TaskEntity): Promise<void> {
  ctx.checkTenant(task.tenantId, `assign the task '${task.id}'`);
  return check(ctx, taskChecks(task, ['TASK_ASSIGN', 'UPDATE'], ['TASK_ASSIGN', 'UPDATE_TASK']));
}

/** Reading the task itself (identity links, comments): READ on the task, or READ_TASK on its definition. */
export function checkReadTaskOnly(ctx: RuntimeContext, task: TaskEntity): Promise<void> {
  ctx.checkTenant(task.tenantId, `read the task '${task.id}'`);
  return check(ctx, taskChecks(task, ['READ'], ['READ_TASK']));
}

/** Changing task properties (update, delete): UPDATE on the task, or UPDATE_TASK on its definition. */
export function checkUpdateTask(ctx: RuntimeContext, task: TaskEntity): Promise<void> {
  ctx.checkTenant(task.tenantId, `update the task '${task.id}'`);
  return check(ctx, taskChecks(task, ['UPDATE'], ['UPDATE_TASK']));
}
