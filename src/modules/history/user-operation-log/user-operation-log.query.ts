import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec } from '../../../common/query/query-spec';
import { Resources } from '../../../engine/authorization/resources';
import { UserOperationLogEntryEntity } from '../../../persistence/entities/history/user-operation-log-entry.entity';
import { toUserOperationLogEntryDto, UserOperationLogEntryDto } from './user-operation-log.dto';

/** There are no cases here: a case filter matches nothing. */
const noCases = f.custom('string', (qb) => qb.andWhere('1 = 0'));

/** GET /history/user-operation and its count over `act_hi_op_log o` (Camunda's UserOperationLogQueryDto). */
export const USER_OPERATION_LOG_QUERY: QuerySpec = {
  params: {
    deploymentId: f.eq('o.deploymentId'),
    processDefinitionId: f.eq('o.processDefinitionId'),
    processDefinitionKey: f.eq('o.processDefinitionKey'),
    processInstanceId: f.eq('o.processInstanceId'),
    executionId: f.eq('o.executionId'),
    caseDefinitionId: noCases,
    caseInstanceId: noCases,
    caseExecutionId: noCases,
    taskId: f.eq('o.taskId'),
    externalTaskId: f.eq('o.externalTaskId'),
    batchId: f.eq('o.batchId'),
    jobId: f.eq('o.jobId'),
    jobDefinitionId: f.eq('o.jobDefinitionId'),
    userId: f.eq('o.userId'),
    operationId: f.eq('o.operationId'),
    operationType: f.eq('o.operationType'),
    entityType: f.eq('o.entityType'),
    entityTypeIn: f.in('o.entityType'),
    category: f.eq('o.category'),
    categoryIn: f.in('o.category'),
    property: f.eq('o.property'),
    afterTimestamp: f.cmp('o.timestamp', '>'),
    beforeTimestamp: f.cmp('o.timestamp', '<'),
  },
  sortBy: { timestamp: 'o.timestamp' },
  defaultOrder: 'o.id',
};

/**
 * Camunda shows an entry to whoever may read the history of its process definition, or read its category
 * (OPERATION_LOG_CATEGORY: Operator, TaskWorker, Admin).
 */
export const USER_OPERATION_LOG_LIST: QueryResource<UserOperationLogEntryEntity, UserOperationLogEntryDto> = {
  entity: UserOperationLogEntryEntity,
  alias: 'o',
  tenantColumn: 'o.tenantId',
  restrict: [
    { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'o.processDefinitionKey' },
    { permission: 'READ', resource: Resources.OPERATION_LOG_CATEGORY, column: 'o.category' },
  ],
  spec: USER_OPERATION_LOG_QUERY,
  dto: UserOperationLogEntryDto,
  toDto: toUserOperationLogEntryDto,
};
