import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../../engine/util/camunda-date';
import { HistoricIncidentEntity, IncidentState } from '../../../persistence/entities/history/historic-incident.entity';

/** Camunda's HistoricIncidentDto. */
export class HistoricIncidentDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
  @ApiProperty() createTime: string | null;
  @ApiPropertyOptional({ nullable: true }) endTime: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiProperty() incidentType: string;
  @ApiPropertyOptional({ nullable: true }) activityId: string | null;
  @ApiPropertyOptional({ nullable: true }) failedActivityId: string | null;
  @ApiPropertyOptional({ nullable: true }) causeIncidentId: string | null;
  @ApiPropertyOptional({ nullable: true }) rootCauseIncidentId: string | null;
  @ApiPropertyOptional({ nullable: true }) configuration: string | null;
  @ApiPropertyOptional({ nullable: true }) historyConfiguration: string | null;
  @ApiPropertyOptional({ nullable: true }) incidentMessage: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) jobDefinitionId: string | null;
  @ApiProperty() open: boolean;
  @ApiProperty() deleted: boolean;
  @ApiProperty() resolved: boolean;
  @ApiPropertyOptional({ nullable: true }) annotation: string | null;
}

export function toHistoricIncidentDto(i: HistoricIncidentEntity): HistoricIncidentDto {
  const state = Number(i.incidentState ?? IncidentState.OPEN);
  return {
    id: i.id,
    processDefinitionKey: i.processDefinitionKey,
    processDefinitionId: i.processDefinitionId,
    processInstanceId: i.processInstanceId,
    executionId: i.executionId,
    rootProcessInstanceId: i.rootProcessInstanceId,
    createTime: formatDate(i.createTime),
    endTime: formatDate(i.endTime),
    removalTime: formatDate(i.removalTime),
    incidentType: i.incidentType,
    activityId: i.activityId,
    failedActivityId: i.failedActivityId,
    causeIncidentId: i.causeIncidentId,
    rootCauseIncidentId: i.rootCauseIncidentId,
    configuration: i.configuration,
    historyConfiguration: i.historyConfiguration,
    incidentMessage: i.incidentMessage,
    tenantId: i.tenantId,
    jobDefinitionId: i.jobDefinitionId,
    open: state === IncidentState.OPEN,
    deleted: state === IncidentState.DELETED,
    resolved: state === IncidentState.RESOLVED,
    annotation: i.annotation,
  };
}
