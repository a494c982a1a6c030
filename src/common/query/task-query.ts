import { Brackets } from 'typeorm';
import { compileExpression, isHostObject } from '../../engine/expression';
import { RestError } from '../errors/rest-error';
import { andWhereLike } from './like';
import { ParsedQuery, parsePostQuery } from './parse-query';
import { f, FilterApply, ParamDef, ParamNamer, ParameterizedSort, QuerySpec, tenantParams } from './query-spec';
import { variableCaseParams, variableFilter } from './variable-filters';
import { QueryRequest, QueryResource } from './query-resource';
import { taskReadGrants } from './authorized-rows';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { TaskDto, toTaskDto } from '../dto/task.dto';

/** The task query's criteria that take an expression (`assigneeExpression: "${currentUser()}"`), with the criterion each feeds. */
const EXPRESSIONS: Record<string, { target: string; kind: 'string' | 'stringList' | 'date' }> = {
  processInstanceBusinessKeyExpression: { target: 'processInstanceBusinessKey', kind: 'string' },
  processInstanceBusinessKeyLikeExpression: { target: 'processInstanceBusinessKeyLike', kind: 'string' },
  assigneeExpression: { target: 'assignee', kind: 'string' },
  assigneeLikeExpression: { target: 'assigneeLike', kind: 'string' },
  candidateGroupExpression: { target: 'candidateGroup', kind: 'string' },
  candidateGroupsExpression: { target: 'candidateGroups', kind: 'stringList' },
  candidateUserExpression: { target: 'candidateUser', kind: 'string' },
  involvedUserExpression: { target: 'involvedUser', kind: 'string' },
  ownerExpression: { target: 'owner', kind: 'string' },
  dueAfterExpression: { target: 'dueAfter', kind: 'date' },
  dueBeforeExpression: { target: 'dueBefore', kind: 'date' },
  dueDateExpression: { target: 'dueDate', kind: 'date' },
  followUpAfterExpression: { target: 'followUpAfter', kind: 'date' },
  followUpBeforeExpression: { target: 'followUpBefore', kind: 'date' },
  followUpBeforeOrNotExistentExpression: { target: 'followUpBeforeOrNotExistent', kind: 'date' },
  followUpDateExpression: { target: 'followUpDate', kind: 'date' },
  createdAfterExpression: { target: 'createdAfter', kind: 'date' },
  createdBeforeExpression: { target: 'createdBefore', kind: 'date' },
  createdOnExpression: { target: 'createdOn', kind: 'date' },
  updatedAfterExpression: { target: 'updatedAfter', kind: 'date' },
};

const CASE_CRITERIA = [
  'caseDefinitionKey',
  'caseDefinitionId',
  'caseDefinitionName',
  'caseDefinitionNameLike',
  'caseInstanceId',
  'caseInstanceBusinessKey',
  'caseInstanceBusinessKeyLike',
  'caseExecutionId',
];

const LINK = "SELECT 1 FROM act_ru_identitylink il WHERE il.task_id = t.id AND il.type = 'candidate'";
const GROUPS_OF = (p: string) => `SELECT m.group_id FROM act_id_membership m WHERE m.user_id = :${p}`;

/** Candidate filters leave out assigned tasks unless includeAssignedTasks is set (as in Camunda). */
function unassignedUnlessIncluded(
  qb: Parameters<NonNullable<ParamDef['apply']>>[0],
  all: Record<string, unknown>,
): void {
  if (all.includeAssignedTasks !== true) qb.andWhere('t.assignee IS NULL');
}

const INSTANCE = (condition: string) =>
  `EXISTS (SELECT 1 FROM act_ru_execution pi WHERE pi.id = t.processInstanceId AND ${condition})`;
const DEFINITION = (condition: string) =>
  `EXISTS (SELECT 1 FROM act_re_procdef pd WHERE pd.id = t.processDefinitionId AND ${condition})`;

function instance(condition: (p: string) => string, type: 'string' | 'stringList' = 'string'): ParamDef {
  return f.custom(type, (qb, v, _a, n) => {
    if (Array.isArray(v) && !v.length) return;
    const p = n('pi');
    qb.andWhere(INSTANCE(condition(p)), { [p]: v });
  });
}

function definition(condition: (p: string) => string): ParamDef {
  return f.custom('string', (qb, v: string, _a, n) => {
    const p = n('pd');
    qb.andWhere(DEFINITION(condition(p)), { [p]: v });
  });
}

/** `Like` over a column of another table, case-sensitive on both databases (see andWhereLike). */
function likeIn(exists: (condition: string) => string, column: string): ParamDef {
  return f.custom('string', (qb, v: string, _a, n) =>
    andWhereLike(qb, column, v.includes('%') ? v : `%${v}%`, n('like'), exists),
  );
}

export const TASK_QUERY: QuerySpec = {
  params: {
    taskId: f.eq('t.id'),
    taskIdIn: f.in('t.id'),
    processInstanceId: f.eq('t.processInstanceId'),
    processInstanceIdIn: f.in('t.processInstanceId'),
    processInstanceBusinessKey: instance((p) => `pi.business_key = :${p}`),
    processInstanceBusinessKeyIn: instance((p) => `pi.business_key IN (:...${p})`, 'stringList'),
    processInstanceBusinessKeyLike: likeIn(INSTANCE, 'pi.business_key'),
    processDefinitionId: f.eq('t.processDefinitionId'),
    processDefinitionKey: f.eq('t.processDefinitionKey'),
    processDefinitionKeyIn: f.in('t.processDefinitionKey'),
    processDefinitionName: definition((p) => `pd.name = :${p}`),
    processDefinitionNameLike: likeIn(DEFINITION, 'pd.name'),
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
    candidateGroups: f.custom('stringList', (qb, v: string[], all, n) => {
      const p = n('cgin');
      unassignedUnlessIncluded(qb, all);
      if (!v.length) qb.andWhere('1 = 0');
      else qb.andWhere(`EXISTS (${LINK} AND il.group_id IN (:...${p}))`, { [p]: v });
    }),
    candidateGroupLike: f.custom('string', (qb, v: string, all, n) => {
      const p = n('cglike');
      unassignedUnlessIncluded(qb, all);
      andWhereLike(
        qb,
        'il.group_id',
        v.includes('%') ? v : `%${v}%`,
        p,
        (condition) => `EXISTS (${LINK} AND ${condition})`,
      );
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
      qb.andWhere(
        `(t.assignee = :${p} OR t.owner = :${p} OR EXISTS (SELECT 1 FROM act_ru_identitylink il WHERE il.task_id = t.id AND il.user_id = :${p}))`,
        {
          [p]: v,
        },
      );
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
    taskDefinitionKeyNotIn: f.custom('stringList', (qb, v: string[], _a, n) => {
      if (!v.length) return;
      const p = n('tdknotin');
      qb.andWhere(`(t.taskDefinitionKey IS NULL OR t.taskDefinitionKey NOT IN (:...${p}))`, { [p]: v });
    }),
    name: f.eq('t.name'),
    nameNotEqual: f.custom('string', (qb, v, _a, n) => {
      const p = n('nne');
      qb.andWhere(`(t.name IS NULL OR t.name <> :${p})`, { [p]: v });
    }),
    nameLike: f.like('t.name'),
    nameNotLike: f.custom('string', (qb, v: string, _a, n) => {
      andWhereLike(qb, 't.name', v.includes('%') ? v : `%${v}%`, n('nnl'), (condition) => `NOT (${condition})`);
    }),
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
    // No case instances exist here: a case criterion matches no task.
    caseInstanceVariables: f.custom('variables', (qb, v: unknown[]) => {
      if (v.length) qb.andWhere('1 = 0');
    }),
    ...Object.fromEntries(CASE_CRITERIA.map((name) => [name, f.custom('string', (qb) => qb.andWhere('1 = 0'))])),
    ...variableCaseParams(),
    ...Object.fromEntries(Object.keys(EXPRESSIONS).map((name) => [name, f.option('string')])),
    withCommentAttachmentInfo: f.option('boolean'),
    // Parsed and resolved by `prepareTaskQuery`, which hands the apply the nested queries' parsed filters.
    orQueries: f.custom('object', (qb, queries: Array<Record<string, unknown>>, _a, n) => {
      for (const query of queries) applyOrQuery(qb, query, n);
    }),
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
  parameterizedSorts: {
    processVariable: variableSort(
      'processVariable',
      (v) => `${v}.execution_id = t.processInstanceId AND ${v}.task_id IS NULL`,
    ),
    executionVariable: variableSort(
      'executionVariable',
      (v) => `${v}.execution_id = t.executionId AND ${v}.task_id IS NULL`,
    ),
    taskVariable: variableSort('taskVariable', (v) => `${v}.task_id = t.id`),
    caseInstanceVariable: variableSort('caseInstanceVariable', null),
    caseExecutionVariable: variableSort('caseExecutionVariable', null),
  },
  defaultOrder: 't.id',
};

export const TASK_LIST: QueryResource<TaskEntity, TaskDto> = {
  entity: TaskEntity,
  alias: 't',
  tenantColumn: 't.tenantId',
  restrict: taskReadGrants('t.id', 't.processDefinitionKey'),
  spec: TASK_QUERY,
  prepare: prepareTaskQuery,
  dto: TaskDto,
  toDtos: async (rows, page) => {
    const dtos = rows.map((row) => toTaskDto(row));
    if (page.filters.withCommentAttachmentInfo !== true || !rows.length) return dtos;
    const ids = rows.map((r) => r.id);
    const tasksIn = async (table: string) => {
      const found = await page.em
        .createQueryBuilder()
        .select('n.task_id', 'taskId')
        .from(table, 'n')
        .where('n.task_id IN (:...ids)', { ids })
        .groupBy('n.task_id')
        .getRawMany<{ taskId: string }>();
      return new Set(found.map((c) => c.taskId));
    };
    const withComment = await tasksIn('act_hi_comment');
    const withAttachment = await tasksIn('act_hi_attachment');
    return dtos.map((dto) => ({ ...dto, attachment: withAttachment.has(dto.id), comment: withComment.has(dto.id) }));
  },
};

/** The criterion names an expression form stands for, e.g. `assignee` for `assigneeExpression`. */
export const TASK_EXPRESSION_TARGETS: Record<string, string> = Object.fromEntries(
  Object.entries(EXPRESSIONS).map(([name, e]) => [name, e.target]),
);

/**
 * Evaluates an expression criterion through the engine's own evaluator, with the caller as
 * `currentUser()` / `currentUserGroups()` and the engine clock as `now()` / `dateTime()`.
 * A null value (no caller) matches no task rather than dropping the criterion: SQL's `= NULL` holds for no row.
 */
function evaluate(name: string, text: string, request: QueryRequest): unknown {
  const { kind } = EXPRESSIONS[name];
  let value: unknown;
  try {
    value = compileExpression(text).evaluate({
      resolve: () => ({ found: false }),
      authentication: request.auth ? { userId: request.auth.userId, groupIds: request.auth.groupIds } : undefined,
      now: () => request.now,
    });
  } catch (err) {
    throw new RestError(
      400,
      `Cannot set query parameter '${name}' to value '${text}': ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (value == null) return kind === 'stringList' ? [] : null;
  if (isHostObject(value)) {
    const converted = value.invoke('toDate', []);
    if (converted.found) value = converted.value;
  }
  const ok =
    kind === 'string'
      ? typeof value === 'string'
      : kind === 'stringList'
        ? Array.isArray(value) && value.every((x) => typeof x === 'string')
        : value instanceof Date;
  if (!ok)
    throw new RestError(
      400,
      `Cannot set query parameter '${name}' to value '${text}': the expression does not evaluate to a ${kind === 'stringList' ? 'list of strings' : kind}`,
    );
  return value;
}

/** Parses one query of `orQueries` (no nested ones, no sorting, as in Camunda). */
function parseOrQuery(raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new RestError(400, `Cannot set query parameter 'orQueries' to value '${JSON.stringify(raw)}'`);
  for (const key of Object.keys(raw)) {
    if (key === 'orQueries') throw new RestError(400, "Invalid query usage: cannot set orQueries within 'or' query");
    if (key === 'sorting' || key === 'sortBy' || key === 'sortOrder')
      throw new RestError(400, "Invalid query usage: cannot set sorting within 'or' query");
  }
  return parsePostQuery(TASK_QUERY, raw, {}, false).filters;
}

/** Resolves expressions (here and in every or-query) and parses or-queries: what the list and count run. */
export function prepareTaskQuery(q: ParsedQuery, request: QueryRequest): ParsedQuery {
  const resolve = (filters: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...filters };
    for (const name of Object.keys(EXPRESSIONS)) {
      if (typeof out[name] !== 'string') continue;
      const value = evaluate(name, out[name] as string, request);
      delete out[name];
      out[EXPRESSIONS[name].target] = value;
    }
    return out;
  };
  const filters = resolve(q.filters);
  if (Array.isArray(q.filters.orQueries))
    filters.orQueries = q.filters.orQueries.map((raw) => resolve(parseOrQuery(raw)));
  return { ...q, filters };
}

/** One or-query: its criteria joined by OR (Camunda's `or() ... endOr()`), the group joined to the rest by AND. */
function applyOrQuery(qb: Parameters<FilterApply>[0], filters: Record<string, unknown>, n: ParamNamer): void {
  const active = Object.entries(filters).filter(
    ([name, value]) => value !== undefined && TASK_QUERY.params[name]?.apply && name !== 'orQueries',
  );
  if (!active.length) return;
  qb.andWhere(
    new Brackets((group) => {
      for (const [name, value] of active) {
        group.orWhere(
          new Brackets((one) => {
            const inner = one as unknown as Parameters<FilterApply>[0];
            TASK_QUERY.params[name].apply!(inner, value, filters, n);
            // A criterion that asks nothing (a true-only flag sent as false) must not widen the group.
            if (!(inner as unknown as { expressionMap: { wheres: unknown[] } }).expressionMap.wheres.length)
              inner.andWhere('1 = 0');
          }),
        );
      }
    }),
  );
}

const VARIABLE_COLUMNS: Record<string, { column: string; type: string }> = {
  String: { column: 'text_value', type: 'string' },
  Integer: { column: 'long_value', type: 'integer' },
  Short: { column: 'long_value', type: 'short' },
  Long: { column: 'long_value', type: 'long' },
  Double: { column: 'double_value', type: 'double' },
  Date: { column: 'long_value', type: 'date' },
  Boolean: { column: 'long_value', type: 'boolean' },
};

/** Camunda's variable sorts: `parameters` name the variable and its type; tasks without it come first ascending. */
function variableSort(sortBy: string, scope: ((v: string) => string) | null): ParameterizedSort {
  return (parameters, n) => {
    const variable = parameters?.variable;
    const type = parameters?.type;
    if (typeof variable !== 'string' || typeof type !== 'string' || !Object.hasOwn(VARIABLE_COLUMNS, type)) {
      throw new RestError(
        400,
        `Cannot set query parameter 'sorting': sortBy '${sortBy}' needs parameters 'variable' and 'type' (${Object.keys(VARIABLE_COLUMNS).join(', ')})`,
      );
    }
    if (!scope) return { sql: 'NULL', params: {} };
    const v = n('sv');
    const p = n('svname');
    const { column, type: stored } = VARIABLE_COLUMNS[type];
    return {
      sql: `(SELECT MIN(${v}.${column}) FROM act_ru_variable ${v} WHERE ${v}.name = :${p} AND ${v}.var_type = '${stored}' AND ${scope(v)})`,
      params: { [p]: variable },
    };
  };
}

const SORTING_KEYS = new Set(['sorting', 'sortBy', 'sortOrder']);

/**
 * Checks a task query as a filter saves or extends it: every key a criterion of the task query (or
 * its sorting), every value of the criterion's type, expressions that parse, or-queries likewise.
 * Throws a 400 naming the first criterion that is wrong.
 */
export function validateTaskQuery(raw: unknown, prefix = "Invalid query for resource type 'Task'"): void {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new RestError(400, prefix);
  const fail = (err: unknown): never => {
    throw new RestError(400, `${prefix}: ${err instanceof Error ? err.message : String(err)}`);
  };
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(TASK_QUERY.params, key) && !SORTING_KEYS.has(key)) fail(`unknown criterion '${key}'`);
    if (key in EXPRESSIONS && typeof value === 'string') {
      try {
        compileExpression(value);
      } catch (err) {
        fail(
          `Cannot set query parameter '${key}' to value '${value}': ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }
  try {
    const parsed = parsePostQuery(TASK_QUERY, raw, {});
    if (parsed.filters.orQueries !== undefined) {
      for (const orQuery of parsed.filters.orQueries as unknown[]) {
        validateTaskQuery(orQuery, prefix);
        parseOrQuery(orQuery);
      }
    }
  } catch (err) {
    if (err instanceof RestError && err.message.startsWith(prefix)) throw err;
    fail(err);
  }
}
