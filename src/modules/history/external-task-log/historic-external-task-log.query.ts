import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { Resources } from '../../../engine/authorization/resources';
import {
  EXTERNAL_TASK_LOG_STATE,
  HistoricExternalTaskLogEntity,
} from '../../../persistence/entities/history/historic-external-task-log.entity';
import { HistoricExternalTaskLogDto, toHistoricExternalTaskLogDto } from './historic-external-task-log.dto';

/** GET /history/external-task-log and its count over `act_hi_ext_task_log l` (Camunda's HistoricExternalTaskLogQueryDto). */
export const HISTORIC_EXTERNAL_TASK_LOG_QUERY: QuerySpec = {
  params: {
    logId: f.eq('l.id'),
    externalTaskId: f.eq('l.externalTaskId'),
    topicName: f.eq('l.topicName'),
    workerId: f.eq('l.workerId'),
    errorMessage: f.eq('l.errorMessage'),
    activityIdIn: f.in('l.activityId'),
    activityInstanceIdIn: f.in('l.activityInstanceId'),
    executionIdIn: f.in('l.executionId'),
    processInstanceId: f.eq('l.processInstanceId'),
    processDefinitionId: f.eq('l.processDefinitionId'),
    processDefinitionKey: f.eq('l.processDefinitionKey'),
    ...tenantParams('l.tenantId'),
    priorityLowerThanOrEquals: f.cmp('l.priority', '<=', 'long'),
    priorityHigherThanOrEquals: f.cmp('l.priority', '>=', 'long'),
    creationLog: f.flag(`l.state = ${EXTERNAL_TASK_LOG_STATE.created}`),
    failureLog: f.flag(`l.state = ${EXTERNAL_TASK_LOG_STATE.failed}`),
    successLog: f.flag(`l.state = ${EXTERNAL_TASK_LOG_STATE.successful}`),
    deletionLog: f.flag(`l.state = ${EXTERNAL_TASK_LOG_STATE.deleted}`),
  },
  sortBy: {
    timestamp: 'l.timestamp',
    externalTaskId: 'l.externalTaskId',
    topicName: 'l.topicName',
    workerId: 'l.workerId',
    retries: 'l.retries',
    priority: 'l.priority',
    activityId: 'l.activityId',
    activityInstanceId: 'l.activityInstanceId',
    executionId: 'l.executionId',
    processInstanceId: 'l.processInstanceId',
    processDefinitionId: 'l.processDefinitionId',
    processDefinitionKey: 'l.processDefinitionKey',
    tenantId: 'l.tenantId',
  },
  defaultOrder: 'l.id',
};

/** Camunda checks READ_HISTORY on the process definition of the log's task. */
export const HISTORIC_EXTERNAL_TASK_LOG_LIST: QueryResource<HistoricExternalTaskLogEntity, HistoricExternalTaskLogDto> =
  {
    entity: HistoricExternalTaskLogEntity,
    alias: 'l',
    tenantColumn: 'l.tenantId',
    restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'l.processDefinitionKey' },
    spec: HISTORIC_EXTERNAL_TASK_LOG_QUERY,
    dto: HistoricExternalTaskLogDto,
    toDto: toHistoricExternalTaskLogDto,
  };
