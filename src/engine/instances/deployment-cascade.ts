import { EntityManager, In } from 'typeorm';
import { CommentEntity } from '../../persistence/entities/history/comment.entity';
import { PROCESS_LOG_TABLES, ProcessLogRow } from '../history/history-log-tables';
import { HistoricActivityInstanceEntity } from '../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricDetailEntity } from '../../persistence/entities/history/historic-detail.entity';
import { HistoricIncidentEntity } from '../../persistence/entities/history/historic-incident.entity';
import { HistoricTaskInstanceEntity } from '../../persistence/entities/history/historic-task-instance.entity';
import { HistoricVariableInstanceEntity } from '../../persistence/entities/history/historic-variable-instance.entity';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { IdentityLinkEntity } from '../../persistence/entities/runtime/identity-link.entity';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { VariableEntity } from '../../persistence/entities/runtime/variable.entity';
import { ConflictError } from '../errors';

const CHUNK = 500;

/** History rows of process instances that carry their definition (details and comments are handled apart). */
const TABLES_OF_INSTANCES = [
  HistoricVariableInstanceEntity,
  HistoricTaskInstanceEntity,
  HistoricIncidentEntity,
  HistoricActivityInstanceEntity,
  HistoricProcessInstanceEntity,
];

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

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
    for (const part of chunks(frontier)) {
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
 * Cascading deployment deletion: the running instances of the definitions (and what they called)
 * with all their runtime rows, and the history of the definitions, in bulk statements.
 */
export async function deleteProcessData(em: EntityManager, definitionIds: string[]): Promise<void> {
  const instanceIds = await instancesOf(em, definitionIds);
  for (const ids of chunks(instanceIds)) {
    await em
      .getRepository(IdentityLinkEntity)
      .createQueryBuilder()
      .delete()
      .where('task_id IN (SELECT t.id FROM act_ru_task t WHERE t.proc_inst_id IN (:...ids))', { ids })
      .execute();
    for (const table of [
      TaskEntity,
      ExternalTaskEntity,
      EventSubscriptionEntity,
      IncidentEntity,
      JobEntity,
      VariableEntity,
      ExecutionEntity,
    ]) {
      await em.getRepository(table as typeof TaskEntity).delete({ processInstanceId: In(ids) });
    }
    for (const table of PROCESS_LOG_TABLES)
      await em.getRepository<ProcessLogRow>(table).delete({ processInstanceId: In(ids) });
    for (const table of [CommentEntity, HistoricDetailEntity, ...TABLES_OF_INSTANCES]) {
      await em.getRepository(table as typeof HistoricDetailEntity).delete({ processInstanceId: In(ids) });
    }
  }
  // Comments of ended instances go with their historic instances, which go next.
  for (const part of chunks(definitionIds)) {
    await em
      .getRepository(CommentEntity)
      .createQueryBuilder()
      .delete()
      .where('proc_inst_id IN (SELECT h.id FROM act_hi_procinst h WHERE h.proc_def_id IN (:...part))', { part })
      .execute();
  }
  for (const table of PROCESS_LOG_TABLES)
    await em.getRepository<ProcessLogRow>(table).delete({ processDefinitionId: In(definitionIds) });
  for (const table of [HistoricDetailEntity, ...TABLES_OF_INSTANCES]) {
    await em.getRepository(table as typeof HistoricDetailEntity).delete({ processDefinitionId: In(definitionIds) });
  }
}
