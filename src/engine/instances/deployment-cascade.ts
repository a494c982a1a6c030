import { EntityManager } from 'typeorm';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { CommandContext } from '../command/command-context';
import { EventSubscriptionManager } from '../entities/event-subscription.manager';
import { ExecutionManager } from '../entities/execution.manager';
import { purgeExternalTasksOfInstances } from '../entities/external-task.manager';
import { JobManager } from '../entities/job.manager';
import { purgeTasksOfInstances } from '../entities/task.manager';
import { VariableManager } from '../entities/variable.manager';
import { ConflictError } from '../errors';
import { ProcessHistoryManager } from '../history/process-history.manager';
import { idChunks } from '../history/process-history-tables';
import { IncidentManager } from '../incident/incident.manager';

/** Without cascade, definitions with running instances stay (Camunda's ENGINE-03076). */
export async function ensureNoInstances(em: EntityManager, definitionIds: string[]): Promise<void> {
  const rows = await em
    .getRepository(ExecutionEntity)
    .createQueryBuilder('e')
    .select('e.processDefinitionId', 'id')
    .addSelect('COUNT(*)', 'n')
    .where('e.processDefinitionId IN (:...ids)', { ids: definitionIds })
    .andWhere('e.parentId IS NULL')
    .groupBy('e.processDefinitionId')
    .getRawMany<{ id: string; n: number | string }>();
  const used = rows.find((r) => Number(r.n) > 0);
  if (used) {
    // Camunda: a 500; the caller may delete with cascade or end the instances first, so a 409 here.
    throw new ConflictError(
      `ENGINE-03076 Deletion of process definition without cascading failed. Process definition with id: ${used.id} can't be deleted, because there are ${Number(used.n)} dependent process instances.`,
      'ProcessEngineException',
    );
  }
}

/** The instances of the definitions and, transitively, the instances they called. */
async function instancesOf(em: EntityManager, definitionIds: string[]): Promise<string[]> {
  const rootRows = await em
    .getRepository(ExecutionEntity)
    .createQueryBuilder('e')
    .select('e.id', 'id')
    .where('e.processDefinitionId IN (:...ids)', { ids: definitionIds })
    .andWhere('e.parentId IS NULL')
    .getRawMany<{ id: string }>();
  const all = new Set(rootRows.map((r) => r.id));
  let frontier = [...all];
  while (frontier.length) {
    const next: string[] = [];
    for (const part of idChunks(frontier)) {
      const called = await em
        .getRepository(ExecutionEntity)
        .createQueryBuilder('sub')
        .select('sub.processInstanceId', 'id')
        .where('sub.parentId IS NULL')
        .andWhere('sub.superExecutionId IN (SELECT x.id FROM act_ru_execution x WHERE x.proc_inst_id IN (:...ids))', {
          ids: part,
        })
        .getRawMany<{ id: string }>();
      for (const c of called)
        if (!all.has(c.id)) {
          all.add(c.id);
          next.push(c.id);
        }
    }
    frontier = next;
  }
  return [...all];
}

/**
 * Cascading deployment deletion: the running instances of the definitions (and what they called) with all their
 * runtime rows and their history, then the history of the definitions, through the managers of those rows (bulk
 * statements at the command's flush).
 */
export async function deleteProcessData(ctx: CommandContext, definitionIds: string[]): Promise<void> {
  const instanceIds = await instancesOf(ctx.em, definitionIds);
  purgeTasksOfInstances(ctx, instanceIds);
  purgeExternalTasksOfInstances(ctx, instanceIds);
  ctx.manager(EventSubscriptionManager).purgeOfInstances(instanceIds);
  ctx.manager(IncidentManager).purgeOfInstances(instanceIds);
  ctx.manager(JobManager).purgeOfInstances(instanceIds);
  ctx.manager(VariableManager).purgeOfInstances(instanceIds);
  ctx.manager(ExecutionManager).purgeOfInstances(instanceIds);
  // The decisions these instances evaluated keep their history here, as before (they belong to decision definitions).
  ctx.manager(ProcessHistoryManager).removeHistory({ processInstanceIds: instanceIds }, { withDecisions: false });
  ctx.manager(ProcessHistoryManager).removeOfDefinitions(definitionIds);
}
