import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricActivityInstanceEntity } from '../../../persistence/entities/history/historic-activity-instance.entity';
import { HistoricActivityInstanceDto, toHistoricActivityInstanceDto } from './historic-activity-instance.dto';

/** ACT_INST_STATE_: 1 scope complete, 2 canceled. */
export const HISTORIC_ACTIVITY_INSTANCE_QUERY: QuerySpec = {
  params: {
    activityInstanceId: f.eq('a.id'),
    processInstanceId: f.eq('a.processInstanceId'),
    processDefinitionId: f.eq('a.processDefinitionId'),
    executionId: f.eq('a.executionId'),
    activityId: f.eq('a.activityId'),
    activityName: f.eq('a.activityName'),
    activityType: f.eq('a.activityType'),
    taskAssignee: f.eq('a.assignee'),
    finished: f.flag('a.endTime IS NOT NULL'),
    unfinished: f.flag('a.endTime IS NULL'),
    canceled: f.flag('a.activityInstanceState = 2'),
    completeScope: f.flag('a.activityInstanceState = 1'),
    startedBefore: f.cmp('a.startTime', '<='),
    startedAfter: f.cmp('a.startTime', '>='),
    finishedBefore: f.cmp('a.endTime', '<='),
    finishedAfter: f.cmp('a.endTime', '>='),
    ...tenantParams('a.tenantId'),
  },
  sortBy: {
    activityInstanceId: 'a.id',
    instanceId: 'a.processInstanceId',
    executionId: 'a.executionId',
    activityId: 'a.activityId',
    activityName: 'a.activityName',
    activityType: 'a.activityType',
    startTime: 'a.startTime',
    endTime: 'a.endTime',
    duration: 'a.durationInMillis',
    definitionId: 'a.processDefinitionId',
    occurrence: 'a.sequenceCounter',
    tenantId: 'a.tenantId',
  },
  defaultOrder: 'a.id',
};

export const HISTORIC_ACTIVITY_INSTANCE_LIST: QueryResource<
  HistoricActivityInstanceEntity,
  HistoricActivityInstanceDto
> = {
  entity: HistoricActivityInstanceEntity,
  alias: 'a',
  tenantColumn: 'a.tenantId',
  restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'a.processDefinitionKey' },
  spec: HISTORIC_ACTIVITY_INSTANCE_QUERY,
  dto: HistoricActivityInstanceDto,
  toDto: toHistoricActivityInstanceDto,
};
