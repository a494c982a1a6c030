import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { StringArrayField, StringField } from '../../common/validation/body-fields';
import { LinkDto } from '../../common/http/count-result.dto';
import { formatDate } from '../../engine/util/camunda-date';
import { DeploymentResult } from '../../engine/repository/deployer';
import { DeploymentEntity } from '../../persistence/entities/repository/deployment.entity';
import { ResourceEntity } from '../../persistence/entities/repository/resource.entity';
import { LinkBuilder } from '../../common/http/links';
import { toProcessDefinitionDto } from '../../common/dto/process-definition.dto';
import { toDecisionDefinitionDto } from '../../common/dto/decision-definition.dto';
import { toDecisionRequirementsDefinitionDto } from '../../common/dto/decision-requirements-definition.dto';

export class DeploymentDto {
  @ApiProperty({ type: [LinkDto] }) links: LinkDto[];
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiPropertyOptional({ nullable: true }) source: string | null;
  @ApiProperty({ example: '2026-01-23T14:42:45.000+0000' }) deploymentTime: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
}

export class DeploymentWithDefinitionsDto extends DeploymentDto {
  @ApiPropertyOptional({ nullable: true, type: 'object', additionalProperties: true })
  deployedProcessDefinitions: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true, type: 'object', additionalProperties: true }) deployedCaseDefinitions: null;
  @ApiPropertyOptional({ nullable: true, type: 'object', additionalProperties: true })
  deployedDecisionDefinitions: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true, type: 'object', additionalProperties: true })
  deployedDecisionRequirementsDefinitions: Record<string, unknown> | null;
}

export class DeploymentResourceDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string | null;
  @ApiProperty() deploymentId: string | null;
}

export class RedeploymentDto {
  @StringArrayField() resourceIds?: string[] | null;
  @StringArrayField() resourceNames?: string[] | null;
  @StringField() source?: string | null;
}

export function toDeploymentDto(d: DeploymentEntity, links: DeploymentDto['links'] = []): DeploymentDto {
  return {
    links,
    id: d.id,
    name: d.name,
    source: d.source,
    deploymentTime: formatDate(d.deploymentTime),
    tenantId: d.tenantId,
  };
}

function byId<T extends { id: string }, D>(items: T[] | null, map: (t: T) => D): Record<string, D> | null {
  return items ? Object.fromEntries(items.map((i) => [i.id, map(i)])) : null;
}

export function toDeploymentWithDefinitionsDto(r: DeploymentResult, links: LinkBuilder): DeploymentWithDefinitionsDto {
  return {
    ...toDeploymentDto(r.deployment, [links.link('GET', `/deployment/${r.deployment.id}`, 'self')]),
    deployedProcessDefinitions: byId(r.processDefinitions, toProcessDefinitionDto),
    deployedCaseDefinitions: null,
    deployedDecisionDefinitions: byId(r.decisionDefinitions, toDecisionDefinitionDto),
    deployedDecisionRequirementsDefinitions: byId(
      r.decisionRequirementsDefinitions,
      toDecisionRequirementsDefinitionDto,
    ),
  };
}

export function toDeploymentResourceDto(r: ResourceEntity): DeploymentResourceDto {
  return { id: r.id, name: r.name, deploymentId: r.deploymentId };
}
