import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';

/** GET /history/process-definition/{id}/statistics (Camunda's HistoricActivityStatisticsQueryDto), over `a` = act_hi_actinst. */
export const HISTORIC_ACTIVITY_STATISTICS_QUERY: QuerySpec = {
  params: {
    canceled: f.option('boolean'),
    finished: f.option('boolean'),
    completeScope: f.option('boolean'),
    incidents: f.option('boolean'),
    startedBefore: f.cmp('a.startTime', '<='),
    startedAfter: f.cmp('a.startTime', '>='),
    finishedBefore: f.cmp('a.endTime', '<='),
    finishedAfter: f.cmp('a.endTime', '>='),
    processInstanceIdIn: f.in('a.processInstanceId'),
  },
  sortBy: { activityId: 'id' },
  defaultOrder: 'id',
};

/** GET /history/process-definition/cleanable-process-instance-report (Camunda's CleanableHistoricProcessInstanceReportDto). */
export const CLEANABLE_PROCESS_REPORT_QUERY: QuerySpec = {
  params: {
    processDefinitionIdIn: f.in('d.id'),
    processDefinitionKeyIn: f.in('d.key'),
    ...tenantParams('d.tenantId'),
    compact: f.option('boolean'),
  },
  sortBy: { finished: 'finished' },
  defaultOrder: 'd.id',
};
