import { QueryResource } from '../../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../../common/query/query-spec';
import { variableCaseParams } from '../../../common/query/variable-filters';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricVariableInstanceEntity } from '../../../persistence/entities/history/historic-variable-instance.entity';
import { HistoricVariableInstanceDto, toHistoricVariableInstanceDto } from './historic-variable-instance.dto';
import {
  deserialize,
  noCase,
  noCaseList,
  singleVariableValueParam,
  variableNameParam,
  variableTypeIn,
} from '../../../common/query/variable-row-params';

export const HISTORIC_VARIABLE_INSTANCE_QUERY: QuerySpec = {
  params: {
    variableName: variableNameParam('v'),
    variableNameLike: f.like('v.name'),
    // Camunda's variableValueEquals(name, value): compared with the row's own value columns.
    variableValue: singleVariableValueParam('v'),
    ...variableCaseParams(),
    variableNameIn: f.in('v.name'),
    variableTypeIn: variableTypeIn('v.type'),
    // Rows of removed variables only when asked for (Camunda: STATE_ = 'CREATED' otherwise); `prepare` defaults it.
    includeDeleted: f.custom('boolean', (qb, v: boolean) => {
      if (!v) qb.andWhere("v.state = 'CREATED'");
    }),
    processInstanceId: f.eq('v.processInstanceId'),
    processInstanceIdIn: f.in('v.processInstanceId'),
    processDefinitionId: f.eq('v.processDefinitionId'),
    processDefinitionKey: f.eq('v.processDefinitionKey'),
    executionIdIn: f.in('v.executionId'),
    caseInstanceId: noCase,
    caseExecutionIdIn: noCaseList,
    caseActivityIdIn: noCaseList,
    taskIdIn: f.in('v.taskId'),
    activityInstanceIdIn: f.in('v.activityInstanceId'),
    ...tenantParams('v.tenantId'),
    deserializeValues: f.option('boolean'),
  },
  sortBy: {
    instanceId: 'v.processInstanceId',
    variableName: 'v.name',
    tenantId: 'v.tenantId',
  },
  defaultOrder: 'v.id',
};

export const HISTORIC_VARIABLE_INSTANCE_LIST: QueryResource<
  HistoricVariableInstanceEntity,
  HistoricVariableInstanceDto
> = {
  entity: HistoricVariableInstanceEntity,
  alias: 'v',
  tenantColumn: 'v.tenantId',
  restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'v.processDefinitionKey' },
  spec: HISTORIC_VARIABLE_INSTANCE_QUERY,
  prepare: (q) => (q.filters.includeDeleted === true ? q : { ...q, filters: { ...q.filters, includeDeleted: false } }),
  dto: HistoricVariableInstanceDto,
  toDtos: (rows, { filters }) =>
    rows.map((v) => toHistoricVariableInstanceDto(v, deserialize(filters.deserializeValues))),
};
