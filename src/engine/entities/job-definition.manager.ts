import { createHash } from 'node:crypto';
import { JobDefinitionEntity } from '../../persistence/entities/runtime/job-definition.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { deleteWhereStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';

export const SUSPENSION = { active: 1, suspended: 2 } as const;

/**
 * The id of the job definition of a process definition's jobs of one kind at one activity. Derived from what the
 * deployment and the runtime both know, so that a job finds its definition without a query or a cache; `part` tells
 * apart the definitions one activity has of the same type (async-before / async-after, one timeout listener or another).
 */
export function jobDefinitionId(processDefinitionId: string, activityId: string, jobType: string, part = ''): string {
  const h = createHash('sha1')
    .update(`${processDefinitionId}\u0000${activityId}\u0000${jobType}\u0000${part}`)
    .digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** What tells apart two job definitions of one activity and type, as the job's handler configuration names it. */
export function jobDefinitionPart(handlerType: string | null, handlerConfiguration: string | null): string {
  if (handlerType === 'async-continuation')
    return handlerConfiguration?.includes('"step":"after"') ? 'after' : 'before';
  if (handlerType === 'timer-task-listener')
    return (JSON.parse(handlerConfiguration ?? '{}') as { listenerId?: string }).listenerId ?? '';
  return '';
}

/**
 * The one place that writes job definitions (Camunda's JobDefinitionManager): those of a deployment, their suspension
 * and overriding priority, and what a suspended definition or an overriding priority means for the jobs this command
 * creates (one statement at flush for all of them, so that starting an instance reads nothing per job).
 */
export class JobDefinitionManager {
  private readonly newJobs: string[] = [];

  constructor(private readonly ctx: CommandContext) {
    ctx.beforeFlush(() => this.applyToNewJobs());
  }

  insert(definitions: JobDefinitionEntity[]): void {
    for (const d of definitions) this.ctx.uow.insert(JobDefinitionEntity, d);
  }

  /** A job created in this command takes the state of its job definition (a suspended one, an overriding priority). */
  jobCreated(job: JobEntity): void {
    if (!job.jobDefinitionId || !job.processDefinitionId) return;
    this.newJobs.push(job.id);
  }

  setSuspensionState(definition: JobDefinitionEntity, suspensionState: number): void {
    this.ctx.uow.track(JobDefinitionEntity, definition).suspensionState = suspensionState;
  }

  setOverridingJobPriority(definition: JobDefinitionEntity, priority: number | null): void {
    this.ctx.uow.track(JobDefinitionEntity, definition).overridingJobPriority = priority;
  }

  /** Suspends (2) or activates (1) the job definitions of a process definition (by id or key, maybe of one tenant). */
  setSuspensionWhere(
    selector: { processDefinitionId?: string; processDefinitionKey?: string; tenantId?: string | null },
    suspensionState: number,
  ): void {
    const parts: string[] = [];
    const params: unknown[] = [suspensionState];
    if (selector.processDefinitionId !== undefined) {
      parts.push('proc_def_id = ?');
      params.push(selector.processDefinitionId);
    }
    if (selector.processDefinitionKey !== undefined) {
      parts.push('proc_def_key = ?');
      params.push(selector.processDefinitionKey);
    }
    if (selector.tenantId === null) parts.push('tenant_id IS NULL');
    else if (selector.tenantId !== undefined) {
      parts.push('tenant_id = ?');
      params.push(selector.tenantId);
    }
    if (!parts.length) throw new Error('A job definition selector needs a process definition');
    this.ctx.uow.sql(() => [
      {
        sql: `UPDATE act_ru_jobdef SET suspension_state = ?, rev = rev + 1 WHERE ${parts.join(' AND ')}`,
        params,
      },
    ]);
  }

  /** Suspends (2) or activates (1) job definitions by id (a batch's). */
  setSuspensionOfIds(ids: string[], suspensionState: number): void {
    if (!ids.length) return;
    this.ctx.uow.sql(() => [
      {
        sql: `UPDATE act_ru_jobdef SET suspension_state = ?, rev = rev + 1 WHERE id IN (${ids.map(() => '?').join(', ')})`,
        params: [suspensionState, ...ids],
      },
    ]);
  }

  /** Job definitions by id (a batch's, when it completes or is deleted). */
  deleteByIds(ids: string[]): void {
    if (!ids.length) return;
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, JobDefinitionEntity, { id: ids })]);
  }

  /** The job definitions of a deleted deployment. */
  deleteOfDeployment(deploymentId: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, JobDefinitionEntity, { deploymentId })]);
  }

  private applyToNewJobs(): void {
    const ids = this.newJobs.splice(0);
    if (!ids.length) return;
    const parts: string[][] = [];
    for (let i = 0; i < ids.length; i += 400) parts.push(ids.slice(i, i + 400));
    this.ctx.uow.sql(() =>
      parts.map((part) => ({
        sql: `UPDATE act_ru_job SET
          suspension_state = CASE WHEN EXISTS (SELECT 1 FROM act_ru_jobdef d WHERE d.id = act_ru_job.job_def_id AND d.suspension_state = 2) THEN 2 ELSE suspension_state END,
          priority = COALESCE((SELECT d.job_priority FROM act_ru_jobdef d WHERE d.id = act_ru_job.job_def_id), priority)
          WHERE id IN (${part.map(() => '?').join(', ')}) AND job_def_id IN (SELECT d.id FROM act_ru_jobdef d WHERE d.suspension_state = 2 OR d.job_priority IS NOT NULL)`,
        params: part,
      })),
    );
  }
}
