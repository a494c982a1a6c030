import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IntegerField } from '../validation/body-fields';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';

export class DecisionDefinitionDto {
  @ApiProperty() id: string;
  @ApiProperty() key: string;
  @ApiPropertyOptional({ nullable: true }) category: string | null;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiProperty() version: number;
  @ApiPropertyOptional({ nullable: true }) resource: string | null;
  @ApiPropertyOptional({ nullable: true }) deploymentId: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) decisionRequirementsDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) decisionRequirementsDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) historyTimeToLive: number | null;
  @ApiPropertyOptional({ nullable: true }) versionTag: string | null;
}

export class DmnXmlDto {
  @ApiProperty() id: string;
  @ApiProperty() dmnXml: string;
}

export class HistoryTimeToLiveDto {
  @IntegerField() historyTimeToLive?: number | null;
}

export function toDecisionDefinitionDto(d: DecisionDefinitionEntity): DecisionDefinitionDto {
  return {
    id: d.id,
    key: d.key,
    category: d.category,
    name: d.name,
    version: d.version,
    resource: d.resourceName,
    deploymentId: d.deploymentId,
    tenantId: d.tenantId,
    decisionRequirementsDefinitionId: d.decisionRequirementsDefinitionId,
    decisionRequirementsDefinitionKey: d.decisionRequirementsDefinitionKey,
    historyTimeToLive: d.historyTimeToLive,
    versionTag: d.versionTag,
  };
}
