import { RestError } from '../../common/errors/rest-error';
import { f, ParamDef, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { variableCaseParams, variableFilter } from '../../common/query/variable-filters';
import { QueryResource } from '../../common/query/query-resource';
import { taskReadGrants } from '../../common/query/authorized-rows';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { TaskDto, toTaskDto } from './task.dto';

const LINK = "SELECT 1 FROM act_ru_identitylink il WHERE il.task_id = t.id AND il.type = 'candidate'";
const GROUPS_OF = (p: string) => `SELECT m.group_id FROM act_id_membership m WHERE m.user_id = :${p}`;

/** Candidate filters leave out assigned tasks unless includeAssignedTasks is set (as in Camunda). */
function unassignedUnlessIncluded(qb: Parameters<NonNullable<ParamDef['apply']>>[0], all: Record<string, unknown>): void {
  if (all.includeAssignedTasks !== true) qb.andWhere('t.assignee IS NULL');
}

function instance(condition: (p: string) => string, type: 'string' | 'stringList' = 'string', like = false): ParamDef {
  return f.custom(type, (qb, v, _a, n) => {
    if (Array.isArray(v) && !v.length) return;
    const p = n('pi');
    const value = like && typeof v === 'string' && !v.includes('%') ? `%${v}%` : v;
    qb.andWhere(`EXISTS (SELECT 1 FROM act_ru_execution pi WHERE pi.id = t.processInstanceId AND ${condition(p)})`, { [p]: value });
  });
}

function definition(condition: (p: string) => string, like = false): ParamDef {
  return f.custom('string', (qb, v: string, _a, n) => {
    const p = n('pd');
    qb.andWhere(`EXISTS (SELECT 1 FROM act_re_procdef pd WHERE pd.id = t.processDefinitionId AND ${condition(p)})`, {
      [p]: like && !v.includes('%') ? `%${v}%` : v,
    });
  });
}

export const TASK_QUERY: QuerySpec = {
  params: {
    taskId: f.eq('t.id'),
    taskIdIn: f.in('t.id'),
    processInstanceId: f.eq('t.processInstanceId'),
    processInstanceIdIn: f.in('t.processInstanceId'),
    processInstanceBusinessKey: instance((p) => `pi.business_key = :${p}`),
    processInstanceBusinessKeyIn: instance((p) => `pi.business_key IN (:...${p})`, 'stringList'),
    processInstanceBusinessKeyLike: instance((p) => `pi.business_key LIKE :${p}`, 'string', true),
    processDefinitionId: f.eq('t.processDefinitionId'),
    processDefinitionKey: f.eq('t.processDefinitionKey'),
    processDefinitionKeyIn: f.in('t.processDefinitionKey'),
    processDefinitionName: definition((p) => `pd.name = :${p}`),
    processDefinitionNameLike: definition((p) => `pd.name LIKE :${p}`, true),
    executionId: f.eq('t.executionId'),
    activityInstanceIdIn: f.in('t.activityInstanceId'),
    assignee: f.eq('t.assignee'),
    assigneeLike: f.like('t.assignee'),
    assigneeIn: f.in('t.assignee'),
    assigneeNotIn: f.custom('stringList', (qb, v: string[], _a, n) => {
      if (!v.length) return;
      const p = n('notin');
      qb.andWhere(`(t.assignee IS NULL OR t.assignee NOT IN (:...${p}))`, { [p]: v });
    }),
    owner: f.eq('t.owner'),
    candidateGroup: f.custom('string', (qb, v, all, n) => {
      const p = n('cg');
      unassignedUnlessIncluded(qb, all);
      qb.andWhere(`EXISTS (${LINK} AND il.group_id = :${p})`, { [p]: v });
    }),
    candidateGroupIn: f.custom('stringList', (qb, v: string[], all, n) => {
      const p = n('cgin');
      unassignedUnlessIncluded(qb, all);
      if (!v.length) qb.andWhere('1 = 0');
      else qb.andWhere(`EXISTS (${LINK} AND il.group_id IN (:...${p}))`, { [p]: v });
    }),
    // A candidate user is offered the tasks of their own links and of every group they belong to.
    candidateUser: f.custom('string', (qb, v, all, n) => {
      const p = n('cu');
      unassignedUnlessIncluded(qb, all);
      qb.andWhere(`EXISTS (${LINK} AND (il.user_id = :${p} OR il.group_id IN (${GROUPS_OF(p)})))`, { [p]: v });
    }),
    includeAssignedTasks: f.option('boolean'),
    involvedUser: f.custom('string', (qb, v, _a, n) => {
      const p = n('inv');
      qb.andWhere(`(t.assignee = :${p} OR t.owner = :${p} OR EXISTS (SELECT 1 FROM act_ru_identitylink il WHERE il.task_id = t.id AND il.user_id = :${p}))`, {
        [p]: v,
      });
    }),
    assigned: f.flag('t.assignee IS NOT NULL'),
    unassigned: f.flag('t.assignee IS NULL'),
    withCandidateGroups: f.flag(`EXISTS (${LINK} AND il.group_id IS NOT NULL)`),
    withoutCandidateGroups: f.flag(`NOT EXISTS (${LINK} AND il.group_id IS NOT NULL)`),
    withCandidateUsers: f.flag(`EXISTS (${LINK} AND il.user_id IS NOT NULL)`),
    withoutCandidateUsers: f.flag(`NOT EXISTS (${LINK} AND il.user_id IS NOT NULL)`),
    taskDefinitionKey: f.eq('t.taskDefinitionKey'),
    taskDefinitionKeyIn: f.in('t.taskDefinitionKey'),
    taskDefinitionKeyLike: f.like('t.taskDefinitionKey'),
    name: f.eq('t.name'),
    nameNotEqual: f.custom('string', (qb, v, _a, n) => {
      const p = n('nne');
      qb.andWhere(`(t.name IS NULL OR t.name <> :${p})`, { [p]: v });
    }),
    nameLike: f.like('t.name'),
    description: f.eq('t.description'),
    descriptionLike: f.like('t.description'),
    priority: f.eq('t.priority', 'int'),
    maxPriority: f.cmp('t.priority', '<=', 'int'),
    minPriority: f.cmp('t.priority', '>=', 'int'),
    dueDate: f.cmp('t.dueDate', '='),
    dueBefore: f.cmp('t.dueDate', '<'),
    dueAfter: f.cmp('t.dueDate', '>'),
    withoutDueDate: f.isNull('t.dueDate'),
    followUpDate: f.cmp('t.followUpDate', '='),
    followUpBefore: f.cmp('t.followUpDate', '<'),
    followUpAfter: f.cmp('t.followUpDate', '>'),
    followUpBeforeOrNotExistent: f.custom('date', (qb, v, _a, n) => {
      const p = n('fu');
      qb.andWhere(`(t.followUpDate IS NULL OR t.followUpDate < :${p})`, { [p]: v });
    }),
    createdOn: f.cmp('t.createTime', '='),
    createdBefore: f.cmp('t.createTime', '<'),
    createdAfter: f.cmp('t.createTime', '>'),
    updatedAfter: f.cmp('t.lastUpdated', '>'),
    delegationState: f.custom('string', (qb, v: string, _a, n) => {
      const state = v.toUpperCase();
      if (state !== 'PENDING' && state !== 'RESOLVED') {
        const valid = `Valid values for property 'delegationState' are 'PENDING' or 'RESOLVED', but was '${v}'`;
        throw new RestError(400, `Cannot set query parameter 'delegationState' to value '${v}': ${valid}`);
      }
      const p = n('ds');
      qb.andWhere(`t.delegationState = :${p}`, { [p]: state });
    }),
    parentTaskId: f.eq('t.parentTaskId'),
    ...tenantParams('t.tenantId'),
    active: f.flag('t.suspensionState = 1'),
    suspended: f.flag('t.suspensionState = 2'),
    // Camunda: task variables are the task's own; process variables those of its instance (not task-local).
    taskVariables: variableFilter((v) => `${v}.task_id = t.id`),
    processVariables: variableFilter((v) => `${v}.task_id IS NULL AND ${v}.proc_inst_id = t.processInstanceId`),
    caseInstanceVariables: f.custom('variables', (qb) => qb.andWhere('1 = 0')),
    ...variableCaseParams(),
  },
  sortBy: {
    instanceId: 't.processInstanceId',
    caseInstanceId: 't.id',
    dueDate: 't.dueDate',
    executionId: 't.executionId',
    caseExecutionId: 't.id',
    assignee: 't.assignee',
    created: 't.createTime',
    lastUpdated: 't.lastUpdated',
    followUpDate: 't.followUpDate',
    description: 't.description',
    id: 't.id',
    name: 't.name',
    nameCaseInsensitive: 'LOWER(t.name)',
    priority: 't.priority',
    tenantId: 't.tenantId',
  },
  defaultOrder: 't.id',
};

export const TASK_LIST: QueryResource<TaskEntity, TaskDto> = {
  entity: TaskEntity,
  alias: 't',
  restrict: taskReadGrants('t.id', 't.processDefinitionKey'),
  spec: TASK_QUERY,
  dto: TaskDto,
  toDto: toTaskDto,
};
