import { commonDefinitionParams, deployedParams } from '../../common/query/definition-filters';
import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { definitionList } from '../../common/query/definition-list';
import { Resources } from '../../engine/authorization/resources';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ProcessDefinitionDto, toProcessDefinitionDto } from '../../common/dto/process-definition.dto';

const SUSPENDED = '(d.suspensionState = 2 OR (d.activationTime IS NOT NULL AND d.activationTime > :suspNow))';

export const PROCESS_DEFINITION_QUERY: QuerySpec = {
  params: {
    processDefinitionId: f.eq('d.id'),
    processDefinitionIdIn: f.in('d.id'),
    ...commonDefinitionParams('act_re_procdef'),
    keysIn: f.in('d.key'),
    ...deployedParams(),
    active: f.custom('boolean', (qb, v: boolean) => {
      if (v) qb.andWhere(`NOT ${SUSPENDED}`, { suspNow: new Date() });
    }),
    suspended: f.custom('boolean', (qb, v: boolean) => {
      if (v) qb.andWhere(SUSPENDED, { suspNow: new Date() });
    }),
    ...tenantParams('d.tenantId', 'includeProcessDefinitionsWithoutTenantId'),
    versionTag: f.eq('d.versionTag'),
    versionTagLike: f.like('d.versionTag'),
    withoutVersionTag: f.isNull('d.versionTag'),
    startableInTasklist: f.flag('d.startable = true'),
    notStartableInTasklist: f.flag('d.startable = false'),
  },
  sortBy: {
    category: 'd.category',
    key: 'd.key',
    id: 'd.id',
    name: 'd.name',
    version: 'd.version',
    deploymentId: 'd.deploymentId',
    deployTime: 'dep.deploymentTime',
    tenantId: 'd.tenantId',
    versionTag: 'd.versionTag',
  },
  defaultOrder: 'd.id',
};

export const PROCESS_DEFINITION_LIST = definitionList(
  ProcessDefinitionEntity,
  Resources.PROCESS_DEFINITION,
  PROCESS_DEFINITION_QUERY,
  ProcessDefinitionDto,
  toProcessDefinitionDto,
);
