import { EntityManager } from 'typeorm';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { VariableEntity } from '../../persistence/entities/runtime/variable.entity';
import { SqlStatement, writeThenSelect } from '../../persistence/raw-rows';
import { WriteBatch } from '../../persistence/write-batch';
import { VariableMap } from '../variables/typed-value';
import { fromColumns } from '../variables/variable-columns';
import { FetchTopic } from './external-task-types';
import { SqlParams } from './fetch-query';

interface Wanted {
  task: ExternalTaskEntity;
  topic: FetchTopic;
}

/**
 * The variables each locked task hands to its worker, in at most two queries for the whole batch (the
 * first one carries `locks`, the lock updates, on MySQL/MariaDB: see `writeThenSelect`):
 * the instances' variables (only the requested names when every topic names them) and, when a task
 * sits below the instance's root, the executions' parent links. As in Camunda, a task sees its own
 * execution's variables first, then those of the scopes above (the nearest occurrence of a name wins);
 * `localVariables` limits it to its own execution.
 */
export async function loadFetchVariables(
  em: EntityManager,
  locked: Wanted[],
  locks: SqlStatement[] = [],
): Promise<Map<string, VariableMap>> {
  const result = new Map<string, VariableMap>();
  const wanting = locked.filter(({ topic }) => topic.variables === null || topic.variables.length > 0);
  for (const { task } of locked) result.set(task.id, {});
  const instanceIds = [
    ...new Set(wanting.map(({ task }) => task.processInstanceId).filter((id): id is string => id != null)),
  ];
  if (!instanceIds.length) {
    const batch = new WriteBatch(em);
    batch.addAll(locks);
    await batch.run();
    return result;
  }
  const names = wanting.some(({ topic }) => topic.variables === null)
    ? null
    : [...new Set(wanting.flatMap(({ topic }) => topic.variables!))];

  const p = new SqlParams(em);
  let tail = `WHERE t.proc_inst_id IN (${p.list(instanceIds)}) AND t.task_id IS NULL`;
  if (names) tail += ` AND t.name IN (${p.list(names)})`;
  const rows = await writeThenSelect(em, locks, [VariableEntity, tail, p.values]);
  const byScope = new Map<string, VariableEntity[]>();
  for (const row of rows) {
    if (!byScope.has(row.varScope)) byScope.set(row.varScope, []);
    byScope.get(row.varScope)!.push(row);
  }

  const parents = await parentLinks(em, wanting, byScope);
  for (const { task, topic } of wanting) {
    const chain: string[] = [];
    for (
      let id: string | null | undefined = task.executionId;
      id != null && chain.length < 1000;
      id = parents.get(id)
    ) {
      chain.push(id);
      if (topic.localVariables) break;
    }
    const values: VariableMap = {};
    // Farthest scope first, so that nearer scopes overwrite what they hide.
    for (const scope of chain.reverse()) {
      for (const row of byScope.get(scope) ?? []) {
        if (topic.variables === null || topic.variables.includes(row.name)) values[row.name] = fromColumns(row);
      }
    }
    result.set(task.id, values);
  }
  return result;
}

/**
 * Parent of each execution below an instance's root, loaded only for instances that hold variables
 * in scopes other than the task's own execution and the root: in the common case (variables on the
 * instance, perhaps some local ones) the chain is known without asking.
 */
async function parentLinks(
  em: EntityManager,
  wanting: Wanted[],
  byScope: Map<string, VariableEntity[]>,
): Promise<Map<string, string | null>> {
  const parents = new Map<string, string | null>();
  const scopesByInstance = new Map<string, Set<string>>();
  for (const [scope, rows] of byScope) {
    const pi = rows[0].processInstanceId ?? '';
    if (!scopesByInstance.has(pi)) scopesByInstance.set(pi, new Set());
    scopesByInstance.get(pi)!.add(scope);
  }
  const nested = wanting.filter(({ task, topic }) => {
    if (topic.localVariables || task.executionId === task.processInstanceId) return false;
    for (const scope of scopesByInstance.get(task.processInstanceId ?? '') ?? []) {
      if (scope !== task.executionId && scope !== task.processInstanceId) return true;
    }
    return false;
  });
  for (const { task } of wanting)
    if (task.executionId && task.executionId !== task.processInstanceId)
      parents.set(task.executionId, task.processInstanceId);
  if (!nested.length) return parents;
  const p = new SqlParams(em);
  const ids = [...new Set(nested.map(({ task }) => task.processInstanceId))];
  const rows: Array<{ id: string; parent_id: string | null }> = await em.query(
    `SELECT id, parent_id FROM act_ru_execution WHERE proc_inst_id IN (${p.list(ids)})`,
    p.values,
  );
  for (const row of rows) parents.set(row.id, row.parent_id);
  return parents;
}
