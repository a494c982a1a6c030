import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import type { RuntimeContext } from '../bpmn/runtime/runtime-context';
import { JobLogContext } from '../history/history-log.manager';

/**
 * The root instance and deployment of a job for its log row: from the instance the command loaded and the definition
 * cache, else one look-up of the root. Called at history level full only.
 */
export async function jobLogContext(ctx: RuntimeContext, job: JobEntity, error?: unknown): Promise<JobLogContext> {
  let rootProcessInstanceId: string | null = null;
  if (job.processInstanceId) {
    const loaded = ctx.instances.get(job.processInstanceId);
    if (loaded) rootProcessInstanceId = loaded.root.rootProcessInstanceId ?? loaded.id;
    else {
      const row = await ctx.em
        .getRepository(ExecutionEntity)
        .findOne({ select: { rootProcessInstanceId: true }, where: { id: job.processInstanceId } });
      rootProcessInstanceId = row?.rootProcessInstanceId ?? job.processInstanceId;
    }
  }
  let deploymentId: string | null = null;
  if (job.processDefinitionId)
    deploymentId = (await ctx.definition(job.processDefinitionId).catch(() => null))?.deploymentId ?? null;
  return { rootProcessInstanceId, deploymentId, error };
}
