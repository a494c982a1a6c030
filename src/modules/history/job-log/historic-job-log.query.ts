import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricJobLogEntity, JOB_LOG_STATE } from '../../../persistence/entities/history/historic-job-log.entity';
import { HistoricJobLogDto, toHistoricJobLogDto } from './historic-job-log.dto';

/** GET /history/job-log and its count over `act_hi_job_log l` (Camunda's HistoricJobLogQueryDto). */
export const HISTORIC_JOB_LOG_QUERY: QuerySpec = {
  params: {
    logId: f.eq('l.id'),
    jobId: f.eq('l.jobId'),
    jobExceptionMessage: f.eq('l.jobExceptionMessage'),
    jobDefinitionId: f.eq('l.jobDefinitionId'),
    jobDefinitionType: f.eq('l.jobDefinitionType'),
    jobDefinitionConfiguration: f.eq('l.jobDefinitionConfiguration'),
    activityIdIn: f.in('l.activityId'),
    failedActivityIdIn: f.in('l.failedActivityId'),
    executionIdIn: f.in('l.executionId'),
    processInstanceId: f.eq('l.processInstanceId'),
    processDefinitionId: f.eq('l.processDefinitionId'),
    processDefinitionKey: f.eq('l.processDefinitionKey'),
    deploymentId: f.eq('l.deploymentId'),
    ...tenantParams('l.tenantId'),
    hostname: f.eq('l.hostname'),
    jobPriorityLowerThanOrEquals: f.cmp('l.jobPriority', '<=', 'long'),
    jobPriorityHigherThanOrEquals: f.cmp('l.jobPriority', '>=', 'long'),
    creationLog: f.flag(`l.state = ${JOB_LOG_STATE.created}`),
    failureLog: f.flag(`l.state = ${JOB_LOG_STATE.failed}`),
    successLog: f.flag(`l.state = ${JOB_LOG_STATE.successful}`),
    deletionLog: f.flag(`l.state = ${JOB_LOG_STATE.deleted}`),
  },
  sortBy: {
    timestamp: 'l.timestamp',
    jobId: 'l.jobId',
    jobDefinitionId: 'l.jobDefinitionId',
    jobDueDate: 'l.jobDueDate',
    jobRetries: 'l.jobRetries',
    jobPriority: 'l.jobPriority',
    activityId: 'l.activityId',
    executionId: 'l.executionId',
    processInstanceId: 'l.processInstanceId',
    processDefinitionId: 'l.processDefinitionId',
    processDefinitionKey: 'l.processDefinitionKey',
    deploymentId: 'l.deploymentId',
    hostname: 'l.hostname',
    occurrence: 'l.sequenceCounter',
    tenantId: 'l.tenantId',
  },
  defaultOrder: 'l.id',
};

/** Camunda checks READ_HISTORY on the process definition of the log's job (jobs of no definition need it on all). */
export const HISTORIC_JOB_LOG_LIST: QueryResource<HistoricJobLogEntity, HistoricJobLogDto> = {
  entity: HistoricJobLogEntity,
  alias: 'l',
  tenantColumn: 'l.tenantId',
  restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'l.processDefinitionKey' },
  spec: HISTORIC_JOB_LOG_QUERY,
  dto: HistoricJobLogDto,
  toDto: toHistoricJobLogDto,
};
