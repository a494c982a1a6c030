import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../../engine/util/camunda-date';
import { HistoricIdentityLinkLogEntity } from '../../../persistence/entities/history/historic-identity-link-log.entity';

/** Camunda's HistoricIdentityLinkLogDto. */
export class HistoricIdentityLinkLogDto {
  @ApiProperty() id: string;
  @ApiProperty() time: string | null;
  @ApiPropertyOptional({ nullable: true }) type: string | null;
  @ApiPropertyOptional({ nullable: true }) userId: string | null;
  @ApiPropertyOptional({ nullable: true }) groupId: string | null;
  @ApiPropertyOptional({ nullable: true }) taskId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true, enum: ['add', 'delete'] }) operationType: string | null;
  @ApiPropertyOptional({ nullable: true }) assignerId: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
}

export function toHistoricIdentityLinkLogDto(l: HistoricIdentityLinkLogEntity): HistoricIdentityLinkLogDto {
  return {
    id: l.id,
    time: formatDate(l.time),
    type: l.type,
    userId: l.userId,
    groupId: l.groupId,
    taskId: l.taskId,
    processDefinitionId: l.processDefinitionId,
    processDefinitionKey: l.processDefinitionKey,
    operationType: l.operationType,
    assignerId: l.assignerId,
    tenantId: l.tenantId,
    removalTime: formatDate(l.removalTime),
    rootProcessInstanceId: l.rootProcessInstanceId,
  };
}
