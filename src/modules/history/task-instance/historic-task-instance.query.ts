import { andWhereLike } from '../../../common/query/like';
import { QueryResource } from '../../../common/query/query-resource';
import { f, ParamDef, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { variableCaseParams, variableFilter } from '../../../common/query/variable-filters';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricTaskInstanceEntity } from '../../../persistence/entities/history/historic-task-instance.entity';
import { HistoricTaskInstanceDto, toHistoricTaskInstanceDto } from './historic-task-instance.dto';
import { noCase } from '../../../common/query/variable-row-params';

/** The business key lives on the historic process instance, the definition name on the definition. */
const INSTANCE = (condition: string) =>
  `EXISTS (SELECT 1 FROM act_hi_procinst hp WHERE hp.id = h.proc_inst_id AND ${condition})`;

function instance(condition: (p: string) => string, type: 'string' | 'stringList' = 'string'): ParamDef {
  return f.custom(type, (qb, v, _a, n) => {
    if (Array.isArray(v) && !v.length) return;
    const p = n('hp');
    qb.andWhere(INSTANCE(condition(p)), { [p]: v });
  });
}

const VARIABLE_OPERATORS = ['eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'like'];

export const HISTORIC_TASK_INSTANCE_QUERY: QuerySpec = {
  params: {
    taskId: f.eq('h.id'),
    taskParentTaskId: f.eq('h.parentTaskId'),
    processInstanceId: f.eq('h.processInstanceId'),
    processInstanceBusinessKey: instance((p) => `hp.business_key = :${p}`),
    processInstanceBusinessKeyIn: instance((p) => `hp.business_key IN (:...${p})`, 'stringList'),
    processInstanceBusinessKeyLike: f.custom('string', (qb, v: string, _a, n) =>
      andWhereLike(qb, 'hp.business_key', v.includes('%') ? v : `%${v}%`, n('like'), INSTANCE),
    ),
    executionId: f.eq('h.executionId'),
    processDefinitionId: f.eq('h.processDefinitionId'),
    processDefinitionKey: f.eq('h.processDefinitionKey'),
    processDefinitionName: f.custom('string', (qb, v: string, _a, n) => {
      const p = n('pd');
      qb.andWhere(`EXISTS (SELECT 1 FROM act_re_procdef pd WHERE pd.id = h.proc_def_id AND pd.name = :${p})`, {
        [p]: v,
      });
    }),
    taskName: f.eq('h.name'),
    taskNameLike: f.like('h.name'),
    taskDescription: f.eq('h.description'),
    taskDescriptionLike: f.like('h.description'),
    taskDefinitionKey: f.eq('h.taskDefinitionKey'),
    taskDefinitionKeyIn: f.in('h.taskDefinitionKey'),
    taskDeleteReason: f.eq('h.deleteReason'),
    taskDeleteReasonLike: f.like('h.deleteReason'),
    taskAssignee: f.eq('h.assignee'),
    taskAssigneeLike: f.like('h.assignee'),
    taskOwner: f.eq('h.owner'),
    taskOwnerLike: f.like('h.owner'),
    taskPriority: f.eq('h.priority', 'int'),
    assigned: f.flag('h.assignee IS NOT NULL'),
    unassigned: f.flag('h.assignee IS NULL'),
    finished: f.flag('h.endTime IS NOT NULL'),
    unfinished: f.flag('h.endTime IS NULL'),
    processFinished: f.flag(INSTANCE('hp.end_time IS NOT NULL')),
    processUnfinished: f.flag(INSTANCE('hp.end_time IS NULL')),
    taskDueDate: f.cmp('h.dueDate', '='),
    taskDueDateBefore: f.cmp('h.dueDate', '<'),
    taskDueDateAfter: f.cmp('h.dueDate', '>'),
    withoutTaskDueDate: f.isNull('h.dueDate'),
    taskFollowUpDate: f.cmp('h.followUpDate', '='),
    taskFollowUpDateBefore: f.cmp('h.followUpDate', '<'),
    taskFollowUpDateAfter: f.cmp('h.followUpDate', '>'),
    startedBefore: f.cmp('h.startTime', '<='),
    startedAfter: f.cmp('h.startTime', '>='),
    finishedBefore: f.cmp('h.endTime', '<='),
    finishedAfter: f.cmp('h.endTime', '>='),
    caseDefinitionId: noCase,
    caseDefinitionKey: noCase,
    caseDefinitionName: noCase,
    caseInstanceId: noCase,
    caseExecutionId: noCase,
    ...tenantParams('h.tenantId'),
    taskVariables: variableFilter((v) => `${v}.task_id = h.id`, VARIABLE_OPERATORS, 'act_hi_varinst'),
    processVariables: variableFilter((v) => `${v}.proc_inst_id = h.proc_inst_id`, VARIABLE_OPERATORS, 'act_hi_varinst'),
    ...variableCaseParams(),
  },
  sortBy: {
    taskId: 'h.id',
    activityInstanceId: 'h.activityInstanceId',
    processDefinitionId: 'h.processDefinitionId',
    processInstanceId: 'h.processInstanceId',
    executionId: 'h.executionId',
    duration: 'h.durationInMillis',
    endTime: 'h.endTime',
    startTime: 'h.startTime',
    taskName: 'h.name',
    taskDescription: 'h.description',
    assignee: 'h.assignee',
    owner: 'h.owner',
    dueDate: 'h.dueDate',
    followUpDate: 'h.followUpDate',
    deleteReason: 'h.deleteReason',
    taskDefinitionKey: 'h.taskDefinitionKey',
    priority: 'h.priority',
    tenantId: 'h.tenantId',
  },
  defaultOrder: 'h.id',
};

export const HISTORIC_TASK_INSTANCE_LIST: QueryResource<HistoricTaskInstanceEntity, HistoricTaskInstanceDto> = {
  entity: HistoricTaskInstanceEntity,
  alias: 'h',
  tenantColumn: 'h.tenantId',
  restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'h.processDefinitionKey' },
  spec: HISTORIC_TASK_INSTANCE_QUERY,
  dto: HistoricTaskInstanceDto,
  toDto: toHistoricTaskInstanceDto,
};
