import { f, QuerySpec } from '../../common/query/query-spec';
import { variableCaseParams, variableFilter } from '../../common/query/variable-filters';
import { isSqlite } from '../../persistence/dialect';
import { QueryResource } from '../../common/query/query-resource';
import { instanceReadGrants } from '../../common/query/authorized-rows';
import { ProcessEngine } from '../../engine/process-engine';
import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { ExternalTaskDto, toExternalTaskDtos } from './external-task.dto';

const now = () => new Date();
const LOCKED = 'x.lockExpirationTime IS NOT NULL AND x.lockExpirationTime > :lockNow';
const NOT_LOCKED = '(x.lockExpirationTime IS NULL OR x.lockExpirationTime <= :lockNow)';

/** GET/POST /external-task and their counts: Camunda's ExternalTaskQueryDto over `act_ru_ext_task x`. */
export const EXTERNAL_TASK_QUERY: QuerySpec = {
  params: {
    externalTaskId: f.eq('x.id'),
    externalTaskIdIn: f.in('x.id'),
    topicName: f.eq('x.topicName'),
    workerId: f.eq('x.workerId'),
    locked: f.custom('boolean', (qb, v: boolean) => {
      if (v) qb.andWhere(LOCKED, { lockNow: now() });
    }),
    notLocked: f.custom('boolean', (qb, v: boolean) => {
      if (v) qb.andWhere(NOT_LOCKED, { lockNow: now() });
    }),
    withRetriesLeft: f.flag('(x.retries IS NULL OR x.retries > 0)'),
    noRetriesLeft: f.flag('(x.retries IS NOT NULL AND x.retries = 0)'),
    lockExpirationAfter: f.cmp('x.lockExpirationTime', '>'),
    lockExpirationBefore: f.cmp('x.lockExpirationTime', '<'),
    activityId: f.eq('x.activityId'),
    activityIdIn: f.in('x.activityId'),
    executionId: f.eq('x.executionId'),
    processInstanceId: f.eq('x.processInstanceId'),
    processInstanceIdIn: f.in('x.processInstanceId'),
    processDefinitionId: f.eq('x.processDefinitionId'),
    processDefinitionKey: f.eq('x.processDefinitionKey'),
    processDefinitionKeyIn: f.in('x.processDefinitionKey'),
    processDefinitionName: f.custom('string', (qb, v: string, _a, n) => {
      const p = n('pdname');
      qb.andWhere(`x.proc_def_id IN (SELECT d.id FROM act_re_procdef d WHERE d.name = :${p})`, { [p]: v });
    }),
    processDefinitionNameLike: f.custom('string', (qb, v: string, _a, n) => {
      const p = n('pdnamelike');
      const sqlite = isSqlite(qb);
      // LIKE ignores case on SQLite; Camunda's is case-sensitive, so compare with GLOB there.
      const cond = sqlite ? `d.name GLOB :${p}` : `d.name LIKE :${p}`;
      const pattern = sqlite
        ? v
            .replace(/[*?[]/g, (c) => `[${c}]`)
            .replace(/%/g, '*')
            .replace(/_/g, '?')
        : v;
      qb.andWhere(`x.proc_def_id IN (SELECT d.id FROM act_re_procdef d WHERE ${cond})`, { [p]: pattern });
    }),
    tenantIdIn: f.in('x.tenantId'),
    active: f.flag('x.suspensionState = 1'),
    suspended: f.flag('x.suspensionState = 2'),
    priorityHigherThanOrEquals: f.cmp('x.priority', '>=', 'long'),
    priorityLowerThanOrEquals: f.cmp('x.priority', '<=', 'long'),
    ...variableCaseParams(),
    processVariables: variableFilter((v) => `${v}.var_scope = x.proc_inst_id`),
  },
  sortBy: {
    id: 'x.id',
    lockExpirationTime: 'x.lockExpirationTime',
    processInstanceId: 'x.processInstanceId',
    processDefinitionId: 'x.processDefinitionId',
    processDefinitionKey: 'x.processDefinitionKey',
    taskPriority: 'x.priority',
    tenantId: 'x.tenantId',
    createTime: 'x.createTime',
  },
  defaultOrder: 'x.id',
};

/** GET /external-task/topic-names: three flags, each narrowing the topics to tasks in that state. */
/** Built per engine: a page's definitions (for their version tags) come from the engine's lookup. */
export function externalTaskList(engine: ProcessEngine): QueryResource<ExternalTaskEntity, ExternalTaskDto> {
  return {
    entity: ExternalTaskEntity,
    alias: 'x',
    tenantColumn: 'x.tenantId',
    restrict: instanceReadGrants('x.processInstanceId', 'x.processDefinitionKey'),
    spec: EXTERNAL_TASK_QUERY,
    dto: ExternalTaskDto,
    toDtos: async (tasks) =>
      toExternalTaskDtos(tasks, await engine.externalTasks.definitionInfos(tasks.map((t) => t.processDefinitionId))),
  };
}

export const TOPIC_NAMES_QUERY: QuerySpec = {
  params: {
    withLockedTasks: f.custom('boolean', (qb, v: boolean) => {
      if (v) qb.andWhere(LOCKED, { lockNow: now() });
    }),
    withUnlockedTasks: f.custom('boolean', (qb, v: boolean) => {
      if (v) qb.andWhere(NOT_LOCKED, { lockNow: now() });
    }),
    withRetriesLeft: f.flag('(x.retries IS NULL OR x.retries > 0)'),
  },
  sortBy: {},
  defaultOrder: 'x.topicName',
};
