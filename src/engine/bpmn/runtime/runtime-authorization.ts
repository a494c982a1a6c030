import { PermissionCheck } from '../../authorization/authorization-checker';
import { Resources } from '../../authorization/resources';
import type { RuntimeContext } from './runtime-context';
import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';

interface InstanceRef {
  id: string;
  definitionKey: string;
}

function check(ctx: RuntimeContext, checks: PermissionCheck[]): Promise<void> {
  return ctx.deps.checker.check(ctx.em, ctx.auth, checks);
}

/** Starting needs both CREATE on process instances and CREATE_INSTANCE on the definition. */
export async function checkCreateInstance(ctx: RuntimeContext, definitionKey: string): Promise<void> {
  await check(ctx, [{ permission: 'CREATE', resource: Resources.PROCESS_INSTANCE }]);
  await check(ctx, [{ permission: 'CREATE_INSTANCE', resource: Resources.PROCESS_DEFINITION, resourceId: definitionKey }]);
}

export function checkUpdateInstance(ctx: RuntimeContext, instance: InstanceRef): Promise<void> {
  return check(ctx, [
    { permission: 'UPDATE', resource: Resources.PROCESS_INSTANCE, resourceId: instance.id },
    { permission: 'UPDATE_INSTANCE', resource: Resources.PROCESS_DEFINITION, resourceId: instance.definitionKey },
  ]);
}

export function checkUpdateInstanceVariables(ctx: RuntimeContext, instance: InstanceRef): Promise<void> {
  return check(ctx, [
    { permission: 'UPDATE', resource: Resources.PROCESS_INSTANCE, resourceId: instance.id },
    { permission: 'UPDATE_VARIABLE', resource: Resources.PROCESS_INSTANCE, resourceId: instance.id },
    { permission: 'UPDATE_INSTANCE', resource: Resources.PROCESS_DEFINITION, resourceId: instance.definitionKey },
    { permission: 'UPDATE_INSTANCE_VARIABLE', resource: Resources.PROCESS_DEFINITION, resourceId: instance.definitionKey },
  ]);
}

export function checkReadInstance(ctx: RuntimeContext, instance: InstanceRef): Promise<void> {
  return check(ctx, [
    { permission: 'READ', resource: Resources.PROCESS_INSTANCE, resourceId: instance.id },
    { permission: 'READ_INSTANCE', resource: Resources.PROCESS_DEFINITION, resourceId: instance.definitionKey },
  ]);
}

export function checkDeleteInstance(ctx: RuntimeContext, instance: InstanceRef): Promise<void> {
  return check(ctx, [
    { permission: 'DELETE', resource: Resources.PROCESS_INSTANCE, resourceId: instance.id },
    { permission: 'DELETE_INSTANCE', resource: Resources.PROCESS_DEFINITION, resourceId: instance.definitionKey },
  ]);
}

function taskChecks(task: TaskEntity, taskPermissions: string[], definitionPermissions: string[]): PermissionCheck[] {
  const checks: PermissionCheck[] = taskPermissions.map((permission) => ({ permission, resource: Resources.TASK, resourceId: task.id }));
  if (task.processDefinitionKey) {
    for (const permission of definitionPermissions) {
      checks.push({ permission, resource: Resources.PROCESS_DEFINITION, resourceId: task.processDefinitionKey });
    }
  }
  return checks;
}

/** Completing: TASK_WORK or UPDATE on the task, or TASK_WORK or UPDATE_TASK on its process definition. */
export function checkTaskWork(ctx: RuntimeContext, task: TaskEntity): Promise<void> {
  return check(ctx, taskChecks(task, ['TASK_WORK', 'UPDATE'], ['TASK_WORK', 'UPDATE_TASK']));
}

export function checkReadTask(ctx: RuntimeContext, task: TaskEntity): Promise<void> {
  return check(ctx, taskChecks(task, ['READ', 'READ_VARIABLE'], ['READ_TASK', 'READ_TASK_VARIABLE']));
}

export function checkUpdateTaskVariables(ctx: RuntimeContext, task: TaskEntity): Promise<void> {
  return check(ctx, taskChecks(task, ['UPDATE', 'UPDATE_VARIABLE'], ['UPDATE_TASK', 'UPDATE_TASK_VARIABLE']));
}
