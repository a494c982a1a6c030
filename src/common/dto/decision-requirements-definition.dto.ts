import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DecisionRequirementsDefinitionEntity } from '../../persistence/entities/repository/decision-requirements-definition.entity';

export class DecisionRequirementsDefinitionDto {
  @ApiProperty() id: string;
  @ApiProperty() key: string;
  @ApiPropertyOptional({ nullable: true }) category: string | null;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiProperty() version: number;
  @ApiPropertyOptional({ nullable: true }) resource: string | null;
  @ApiPropertyOptional({ nullable: true }) deploymentId: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
}

export function toDecisionRequirementsDefinitionDto(
  d: DecisionRequirementsDefinitionEntity,
): DecisionRequirementsDefinitionDto {
  return {
    id: d.id,
    key: d.key,
    category: d.category,
    name: d.name,
    version: d.version,
    resource: d.resourceName,
    deploymentId: d.deploymentId,
    tenantId: d.tenantId,
  };
}
