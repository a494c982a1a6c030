import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricDetailEntity } from '../../../persistence/entities/history/historic-detail.entity';
import { HistoricDetailDto, toHistoricDetailDto } from './historic-detail.dto';
import { deserialize, noCase, variableTypeIn } from '../../../common/query/variable-row-params';

export const HISTORIC_DETAIL_QUERY: QuerySpec = {
  params: {
    processInstanceId: f.eq('d.processInstanceId'),
    processInstanceIdIn: f.in('d.processInstanceId'),
    executionId: f.eq('d.executionId'),
    taskId: f.eq('d.taskId'),
    activityInstanceId: f.eq('d.activityInstanceId'),
    caseInstanceId: noCase,
    caseExecutionId: noCase,
    variableInstanceId: f.eq('d.variableInstanceId'),
    variableTypeIn: variableTypeIn('d.type'),
    variableNameLike: f.like('d.variableName'),
    ...tenantParams('d.tenantId'),
    userOperationId: f.eq('d.userOperationId'),
    formFields: f.flag("d.detailType = 'FormProperty'"),
    variableUpdates: f.flag("d.detailType = 'VariableUpdate'"),
    excludeTaskDetails: f.isNull('d.taskId'),
    initial: f.flag('d.initial = true'),
    occurredBefore: f.cmp('d.time', '<='),
    occurredAfter: f.cmp('d.time', '>='),
    deserializeValues: f.option('boolean'),
  },
  sortBy: {
    processInstanceId: 'd.processInstanceId',
    variableName: 'd.variableName',
    variableType: 'd.type',
    variableRevision: 'd.revision',
    formPropertyId: 'd.variableName',
    time: 'd.time',
    occurrence: 'd.sequenceCounter',
    tenantId: 'd.tenantId',
  },
  defaultOrder: 'd.id',
};

export const HISTORIC_DETAIL_LIST: QueryResource<HistoricDetailEntity, HistoricDetailDto> = {
  entity: HistoricDetailEntity,
  alias: 'd',
  tenantColumn: 'd.tenantId',
  restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'd.processDefinitionKey' },
  spec: HISTORIC_DETAIL_QUERY,
  dto: HistoricDetailDto,
  toDtos: (rows, { filters }) => rows.map((d) => toHistoricDetailDto(d, deserialize(filters.deserializeValues))),
};
