import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import { Resources } from '../../authorization/resources';
import { PermissionCheck } from '../../command/permission-checker';
import { CommandContext } from '../../command/command-context';

function onDefinition(permission: string, key: string): PermissionCheck {
  return { permission, resource: Resources.PROCESS_DEFINITION, resourceId: key };
}

function onInstance(permission: string, id: string): PermissionCheck {
  return { permission, resource: Resources.PROCESS_INSTANCE, resourceId: id };
}

/** Camunda's checkUpdateProcessDefinitionByKey: UPDATE on the process definition. */
export function checkUpdateDefinition(ctx: CommandContext, key: string): Promise<void> {
  return ctx.checkPermissions([onDefinition('UPDATE', key)]);
}

/** Camunda's checkUpdateProcessInstanceByProcessDefinitionKey: UPDATE_INSTANCE on the process definition. */
export function checkUpdateInstancesOf(ctx: CommandContext, key: string): Promise<void> {
  return ctx.checkPermissions([onDefinition('UPDATE_INSTANCE', key)]);
}

/** Camunda's checkUpdateProcessInstanceById: UPDATE on the instance or UPDATE_INSTANCE on its definition. */
export function checkUpdateInstanceById(ctx: CommandContext, instanceId: string, key: string): Promise<void> {
  return ctx.checkPermissions([onInstance('UPDATE', instanceId), onDefinition('UPDATE_INSTANCE', key)]);
}

/** Camunda's checkUpdateJob: a job of no process definition needs nothing; else UPDATE / UPDATE_INSTANCE. */
export async function checkUpdateJob(ctx: CommandContext, job: JobEntity): Promise<void> {
  if (!job.processDefinitionKey) return;
  await ctx.checkPermissions([
    ...(job.processInstanceId ? [onInstance('UPDATE', job.processInstanceId)] : []),
    onDefinition('UPDATE_INSTANCE', job.processDefinitionKey),
  ]);
}

/** Camunda's checkUpdateRetriesProcessInstanceByProcessDefinitionId: RETRY_JOB or UPDATE_INSTANCE on the definition. */
export function checkRetryJobsOf(ctx: CommandContext, key: string): Promise<void> {
  return ctx.checkPermissions([onDefinition('RETRY_JOB', key), onDefinition('UPDATE_INSTANCE', key)]);
}
