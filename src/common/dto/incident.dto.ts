import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../engine/util/camunda-date';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';

export class IncidentDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiProperty({ example: '2026-01-23T14:42:45.000+0000' }) incidentTimestamp: string | null;
  @ApiProperty() incidentType: string;
  @ApiPropertyOptional({ nullable: true }) activityId: string | null;
  @ApiPropertyOptional({ nullable: true }) failedActivityId: string | null;
  @ApiPropertyOptional({ nullable: true }) causeIncidentId: string | null;
  @ApiPropertyOptional({ nullable: true }) rootCauseIncidentId: string | null;
  @ApiPropertyOptional({ nullable: true }) configuration: string | null;
  @ApiPropertyOptional({ nullable: true }) incidentMessage: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) jobDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) annotation: string | null;
}

export function toIncidentDto(i: IncidentEntity): IncidentDto {
  return {
    id: i.id,
    processDefinitionId: i.processDefinitionId,
    processInstanceId: i.processInstanceId,
    executionId: i.executionId,
    incidentTimestamp: formatDate(i.incidentTimestamp),
    incidentType: i.incidentType,
    activityId: i.activityId,
    failedActivityId: i.failedActivityId,
    causeIncidentId: i.causeIncidentId,
    rootCauseIncidentId: i.rootCauseIncidentId,
    configuration: i.configuration,
    incidentMessage: i.incidentMessage,
    tenantId: i.tenantId,
    jobDefinitionId: i.jobDefinitionId,
    annotation: i.annotation,
  };
}
