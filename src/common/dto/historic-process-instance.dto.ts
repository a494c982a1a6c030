import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../engine/util/camunda-date';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';

export class HistoricProcessInstanceDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) businessKey: string | null;
  @ApiProperty() processDefinitionId: string;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionName: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionVersion: number | null;
  @ApiProperty() startTime: string | null;
  @ApiPropertyOptional({ nullable: true }) endTime: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) durationInMillis: number | null;
  @ApiPropertyOptional({ nullable: true }) startUserId: string | null;
  @ApiPropertyOptional({ nullable: true }) startActivityId: string | null;
  @ApiPropertyOptional({ nullable: true }) deleteReason: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) superProcessInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) superCaseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) state: string | null;
}

/** The definition's name and version come from the joined definition row (`name`, `version`). */
export function toHistoricProcessInstanceDto(
  h: HistoricProcessInstanceEntity,
  definition?: { name: string | null; version: number },
): HistoricProcessInstanceDto {
  return {
    id: h.id,
    businessKey: h.businessKey,
    processDefinitionId: h.processDefinitionId,
    processDefinitionKey: h.processDefinitionKey,
    processDefinitionName: definition?.name ?? null,
    processDefinitionVersion: definition?.version ?? null,
    startTime: formatDate(h.startTime),
    endTime: formatDate(h.endTime),
    removalTime: formatDate(h.removalTime),
    durationInMillis: h.durationInMillis,
    startUserId: h.startUserId,
    startActivityId: h.startActivityId,
    deleteReason: h.deleteReason,
    rootProcessInstanceId: h.rootProcessInstanceId,
    superProcessInstanceId: h.superProcessInstanceId,
    superCaseInstanceId: null,
    caseInstanceId: null,
    tenantId: h.tenantId,
    state: h.state,
  };
}
