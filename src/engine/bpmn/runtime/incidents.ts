import { EntityManager, In } from 'typeorm';
import { ExternalTaskEntity } from '../../../persistence/entities/runtime/external-task.entity';
import { IncidentEntity } from '../../../persistence/entities/runtime/incident.entity';
import { JobEntity } from '../../../persistence/entities/runtime/job.entity';
import type { RuntimeContext } from './runtime-context';
import { newId } from '../../util/ids';

/** The incident types the engine opens itself; only new retries resolve them. */
export const INCIDENT_TYPE = { failedJob: 'failedJob', failedExternalTask: 'failedExternalTask' } as const;

export interface IncidentFields {
  type: string;
  message: string | null;
  executionId: string | null;
  activityId: string | null;
  failedActivityId?: string | null;
  processInstanceId: string | null;
  processDefinitionId: string | null;
  /** What the incident is about: the failed job's or external task's id, or the caller's text. */
  configuration: string | null;
  tenantId: string | null;
  jobDefinitionId?: string | null;
}

/**
 * Every incident is opened, resolved and removed here, through the command's unit of work, so that
 * it is written in the command's one flush and rolled back with it.
 */
export function openIncident(ctx: RuntimeContext, f: IncidentFields): IncidentEntity {
  const id = newId();
  // A new incident is its own cause and root cause, as in Camunda.
  const incident = Object.assign(new IncidentEntity(), {
    id,
    rev: 1,
    incidentTimestamp: ctx.now(),
    incidentMessage: f.message,
    incidentType: f.type,
    executionId: f.executionId,
    activityId: f.activityId,
    failedActivityId: f.failedActivityId ?? f.activityId,
    processInstanceId: f.processInstanceId,
    processDefinitionId: f.processDefinitionId,
    causeIncidentId: id,
    rootCauseIncidentId: id,
    configuration: f.configuration,
    tenantId: f.tenantId,
    jobDefinitionId: f.jobDefinitionId ?? null,
    annotation: null,
  });
  ctx.uow.insert(IncidentEntity, incident);
  const instance = f.processInstanceId ? ctx.instances.get(f.processInstanceId) : undefined;
  ctx.history.incidents.incidentOpened(
    incident,
    instance
      ? {
          processDefinitionKey: instance.definition.key,
          rootProcessInstanceId: instance.root.rootProcessInstanceId ?? instance.id,
        }
      : {},
  );
  return incident;
}

/**
 * Resolves the engine's incidents about these jobs or external tasks (their retries came back, or they are gone).
 * History calls those of a cancelled activity deleted, as Camunda removes them with its execution.
 */
export function resolveIncidents(
  ctx: RuntimeContext,
  type: string,
  configurations: string[],
  historyState: 'resolved' | 'deleted' = 'resolved',
): void {
  if (!configurations.length) return;
  ctx.uow.statement(async (em) => {
    await ctx.history.incidents.ended(
      em,
      {
        where: 'r.configuration IN (:...configurations) AND r.incident_type = :type',
        params: { configurations, type },
      },
      historyState,
    );
    await em.getRepository(IncidentEntity).delete({ configuration: In(configurations), incidentType: type });
  });
}

/** Removes the incidents of executions that end, or of a whole instance. */
export function removeIncidentsOf(
  ctx: RuntimeContext,
  where: { executionIds: string[] } | { processInstanceId: string },
): void {
  if ('executionIds' in where) {
    if (!where.executionIds.length) return;
    const executionIds = where.executionIds;
    ctx.uow.statement(async (em) => {
      await ctx.history.incidents.ended(
        em,
        { where: 'r.execution_id IN (:...executionIds)', params: { executionIds } },
        'deleted',
      );
      await em.getRepository(IncidentEntity).delete({ executionId: In(executionIds) });
    });
  } else {
    const processInstanceId = where.processInstanceId;
    ctx.uow.statement(async (em) => {
      await ctx.history.incidents.ended(
        em,
        { where: 'r.proc_inst_id = :processInstanceId', params: { processInstanceId } },
        'deleted',
      );
      await em.getRepository(IncidentEntity).delete({ processInstanceId });
    });
  }
}

/** Moves incidents to the execution that takes over (tree expansion and compaction); part of a flush statement. */
export function repointIncidents(
  em: EntityManager,
  from: string,
  to: string,
  activityIds?: string[],
): Promise<unknown> {
  const where = activityIds ? { executionId: from, activityId: In(activityIds) } : { executionId: from };
  return em.getRepository(IncidentEntity).update(where, { executionId: to });
}

function retriesLeft(retries: number | null): boolean {
  return retries == null || retries > 0;
}

/**
 * Camunda's setRetriesAndManageIncidents for external tasks: running out of retries opens a
 * failedExternalTask incident (message = the task's last error message); getting retries back
 * resolves it. Returns true when the task became fetchable again (long polls may want to know).
 */
export function setExternalTaskRetries(ctx: RuntimeContext, task: ExternalTaskEntity, retries: number): boolean {
  const before = retriesLeft(task.retries);
  task.retries = retries;
  if (before && retries <= 0) {
    openIncident(ctx, {
      type: INCIDENT_TYPE.failedExternalTask,
      message: task.errorMessage,
      executionId: task.executionId,
      activityId: task.activityId,
      processInstanceId: task.processInstanceId,
      processDefinitionId: task.processDefinitionId,
      configuration: task.id,
      tenantId: task.tenantId,
    });
    return false;
  }
  if (!before && retries > 0) {
    resolveIncidents(ctx, INCIDENT_TYPE.failedExternalTask, [task.id]);
    return true;
  }
  return false;
}

/** The same for jobs: a failedJob incident at zero retries, resolved when retries come back. */
export function setJobRetries(ctx: RuntimeContext, job: JobEntity, retries: number): void {
  const before = job.retries;
  job.retries = retries;
  if (before > 0 && retries <= 0) {
    openIncident(ctx, {
      type: INCIDENT_TYPE.failedJob,
      message: job.exceptionMessage,
      executionId: job.executionId,
      activityId: job.activityId,
      failedActivityId: job.failedActivityId ?? job.activityId,
      processInstanceId: job.processInstanceId,
      processDefinitionId: job.processDefinitionId,
      configuration: job.id,
      tenantId: job.tenantId,
      jobDefinitionId: job.jobDefinitionId,
    });
  } else if (before <= 0 && retries > 0) {
    resolveIncidents(ctx, INCIDENT_TYPE.failedJob, [job.id]);
  }
}
