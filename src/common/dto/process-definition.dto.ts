import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';

export class ProcessDefinitionDto {
  @ApiProperty() id: string;
  @ApiProperty() key: string;
  @ApiPropertyOptional({ nullable: true }) category: string | null;
  @ApiPropertyOptional({ nullable: true }) description: string | null;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiProperty() version: number;
  @ApiPropertyOptional({ nullable: true }) resource: string | null;
  @ApiPropertyOptional({ nullable: true }) deploymentId: string | null;
  @ApiPropertyOptional({ nullable: true }) diagram: string | null;
  @ApiProperty() suspended: boolean;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) versionTag: string | null;
  @ApiPropertyOptional({ nullable: true }) historyTimeToLive: number | null;
  @ApiProperty() startableInTasklist: boolean;
}

/** Suspended explicitly, or deployed with an activation time that has not come yet. */
export function isSuspended(d: ProcessDefinitionEntity, now = new Date()): boolean {
  return d.suspensionState === 2 || (d.activationTime != null && d.activationTime > now);
}

export function toProcessDefinitionDto(d: ProcessDefinitionEntity): ProcessDefinitionDto {
  return {
    id: d.id,
    key: d.key,
    category: d.category,
    description: null,
    name: d.name,
    version: d.version,
    resource: d.resourceName,
    deploymentId: d.deploymentId,
    diagram: d.diagramResourceName,
    suspended: isSuspended(d),
    tenantId: d.tenantId,
    versionTag: d.versionTag,
    historyTimeToLive: d.historyTimeToLive,
    startableInTasklist: d.startable,
  };
}
