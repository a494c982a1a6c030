import { commonDefinitionParams } from '../../common/query/definition-filters';
import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { definitionList } from '../../common/query/definition-list';
import { Resources } from '../../engine/authorization/resources';
import { DecisionRequirementsDefinitionEntity } from '../../persistence/entities/repository/decision-requirements-definition.entity';
import {
  DecisionRequirementsDefinitionDto,
  toDecisionRequirementsDefinitionDto,
} from '../../common/dto/decision-requirements-definition.dto';

export const DRD_QUERY: QuerySpec = {
  params: {
    decisionRequirementsDefinitionId: f.eq('d.id'),
    decisionRequirementsDefinitionIdIn: f.in('d.id'),
    ...commonDefinitionParams('act_re_decision_req_def'),
    ...tenantParams('d.tenantId', 'includeDecisionRequirementsDefinitionsWithoutTenantId'),
  },
  sortBy: {
    id: 'd.id',
    key: 'd.key',
    name: 'd.name',
    version: 'd.version',
    deploymentId: 'd.deploymentId',
    category: 'd.category',
    tenantId: 'd.tenantId',
  },
  defaultOrder: 'd.id',
};

export const DRD_LIST = definitionList(
  DecisionRequirementsDefinitionEntity,
  Resources.DECISION_REQUIREMENTS_DEFINITION,
  DRD_QUERY,
  DecisionRequirementsDefinitionDto,
  toDecisionRequirementsDefinitionDto,
);
