import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../engine/util/camunda-date';
import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';

export class EventSubscriptionDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['message', 'signal', 'compensate', 'conditional'] }) eventType: string;
  @ApiPropertyOptional({ nullable: true }) eventName: string | null;
  @ApiPropertyOptional({ nullable: true }) executionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) activityId: string | null;
  @ApiPropertyOptional({ nullable: true }) createdDate: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
}

export function toEventSubscriptionDto(s: EventSubscriptionEntity): EventSubscriptionDto {
  return {
    id: s.id,
    eventType: s.eventType,
    eventName: s.eventName,
    executionId: s.executionId,
    processInstanceId: s.processInstanceId,
    activityId: s.activityId,
    createdDate: formatDate(s.created),
    tenantId: s.tenantId,
  };
}
