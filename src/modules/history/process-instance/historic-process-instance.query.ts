import { In } from 'typeorm';
import { PageContext, QueryResource } from '../../../common/query/query-resource';
import { HISTORIC_PROCESS_INSTANCE_QUERY } from '../../../common/query/historic-process-instance-query';
import { Resources } from '../../../engine/authorization/resources';
import { HistoricProcessInstanceEntity } from '../../../persistence/entities/history/historic-process-instance.entity';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import {
  HistoricProcessInstanceDto,
  toHistoricProcessInstanceDto,
} from '../../../common/dto/historic-process-instance.dto';

export { HISTORIC_PROCESS_INSTANCE_QUERY };

/** Definition names and versions for a whole page in one query. */
async function withDefinitions(
  rows: HistoricProcessInstanceEntity[],
  { em }: PageContext,
): Promise<HistoricProcessInstanceDto[]> {
  const ids = [...new Set(rows.map((h) => h.processDefinitionId))];
  const definitions = ids.length
    ? await em
        .getRepository(ProcessDefinitionEntity)
        .find({ select: { id: true, name: true, version: true }, where: { id: In(ids) } })
    : [];
  const byId = new Map(definitions.map((d) => [d.id, d]));
  return rows.map((h) => toHistoricProcessInstanceDto(h, byId.get(h.processDefinitionId)));
}

export const HISTORIC_PROCESS_INSTANCE_LIST: QueryResource<HistoricProcessInstanceEntity, HistoricProcessInstanceDto> =
  {
    entity: HistoricProcessInstanceEntity,
    alias: 'h',
    tenantColumn: 'h.tenantId',
    // The definition's name and version are filters and sort keys.
    scope: (qb) => qb.leftJoin(ProcessDefinitionEntity, 'd', 'd.id = h.processDefinitionId'),
    restrict: { permission: 'READ_HISTORY', resource: Resources.PROCESS_DEFINITION, column: 'h.processDefinitionKey' },
    spec: HISTORIC_PROCESS_INSTANCE_QUERY,
    dto: HistoricProcessInstanceDto,
    toDtos: withDefinitions,
  };
