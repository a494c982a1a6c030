import { commonDefinitionParams, deployedParams } from '../../common/query/definition-filters';
import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { definitionList } from '../../common/query/definition-list';
import { Resources } from '../../engine/authorization/resources';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { DecisionDefinitionDto, toDecisionDefinitionDto } from '../../common/dto/decision-definition.dto';

export const DECISION_DEFINITION_QUERY: QuerySpec = {
  params: {
    decisionDefinitionId: f.eq('d.id'),
    decisionDefinitionIdIn: f.in('d.id'),
    ...commonDefinitionParams('act_re_decision_def'),
    ...deployedParams(),
    decisionRequirementsDefinitionId: f.eq('d.decisionRequirementsDefinitionId'),
    decisionRequirementsDefinitionKey: f.eq('d.decisionRequirementsDefinitionKey'),
    withoutDecisionRequirementsDefinition: f.isNull('d.decisionRequirementsDefinitionId'),
    ...tenantParams('d.tenantId', 'includeDecisionDefinitionsWithoutTenantId'),
    versionTag: f.eq('d.versionTag'),
    versionTagLike: f.like('d.versionTag'),
  },
  sortBy: {
    category: 'd.category',
    decisionRequirementsDefinitionKey: 'd.decisionRequirementsDefinitionKey',
    key: 'd.key',
    id: 'd.id',
    name: 'd.name',
    version: 'd.version',
    deploymentId: 'd.deploymentId',
    deployTime: 'dep.deploymentTime',
    versionTag: 'd.versionTag',
    tenantId: 'd.tenantId',
  },
  defaultOrder: 'd.id',
};

export const DECISION_DEFINITION_LIST = definitionList(
  DecisionDefinitionEntity,
  Resources.DECISION_DEFINITION,
  DECISION_DEFINITION_QUERY,
  DecisionDefinitionDto,
  toDecisionDefinitionDto,
);
