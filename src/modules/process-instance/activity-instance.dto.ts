import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ActivityInstanceNode } from '../../engine/instances/runtime-types';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';

export class ActivityInstanceIncidentDto {
  @ApiProperty() id: string;
  @ApiProperty() activityId: string;
}

export class TransitionInstanceDto {
  @ApiProperty() id: string;
  @ApiProperty() parentActivityInstanceId: string;
  @ApiProperty() activityId: string;
  @ApiProperty() activityType: string;
  @ApiProperty() processInstanceId: string;
  @ApiProperty() processDefinitionId: string;
  @ApiProperty() executionId: string;
  @ApiPropertyOptional({ nullable: true }) activityName: string | null;
  @ApiPropertyOptional({ nullable: true }) targetActivityId: string | null;
  @ApiProperty({ type: [String] }) incidentIds: string[];
  @ApiProperty({ type: [ActivityInstanceIncidentDto] }) incidents: ActivityInstanceIncidentDto[];
}

export class ActivityInstanceDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) parentActivityInstanceId: string | null;
  @ApiProperty() activityId: string;
  @ApiProperty() activityType: string;
  @ApiProperty() processInstanceId: string;
  @ApiProperty() processDefinitionId: string;
  @ApiProperty({ type: () => [ActivityInstanceDto] }) childActivityInstances: ActivityInstanceDto[];
  @ApiProperty({ type: [TransitionInstanceDto] }) childTransitionInstances: TransitionInstanceDto[];
  @ApiProperty({ type: [String] }) executionIds: string[];
  @ApiPropertyOptional({ nullable: true }) activityName: string | null;
  @ApiProperty({ type: [String] }) incidentIds: string[];
  @ApiProperty({ type: [ActivityInstanceIncidentDto] }) incidents: ActivityInstanceIncidentDto[];
  @ApiPropertyOptional({ nullable: true }) name: string | null;
}

/** The engine's tree as Camunda renders it, with the open incidents of each activity instance. */
export function toActivityInstanceDto(node: ActivityInstanceNode, incidents: IncidentEntity[]): ActivityInstanceDto {
  const isRoot = node.parentActivityInstanceId === null;
  const own = isRoot
    ? []
    : incidents.filter(
        (i) => i.executionId != null && node.executionIds.includes(i.executionId) && i.activityId === node.activityId,
      );
  return {
    id: node.id,
    parentActivityInstanceId: node.parentActivityInstanceId,
    activityId: node.activityId,
    activityType: node.activityType,
    processInstanceId: node.processInstanceId,
    processDefinitionId: node.processDefinitionId,
    childActivityInstances: node.childActivityInstances.map((c) => toActivityInstanceDto(c, incidents)),
    childTransitionInstances: node.childTransitionInstances.map((t) => {
      const parked = incidents.filter((i) => i.executionId === t.executionId && i.activityId === t.activityId);
      return {
        ...t,
        targetActivityId: t.activityId,
        incidentIds: parked.map((i) => i.id),
        incidents: parked.map((i) => ({ id: i.id, activityId: t.activityId })),
      };
    }),
    executionIds: node.executionIds,
    activityName: node.activityName,
    incidentIds: own.map((i) => i.id),
    incidents: own.map((i) => ({ id: i.id, activityId: node.activityId })),
    name: node.activityName,
  };
}
