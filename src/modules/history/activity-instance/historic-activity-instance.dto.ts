import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../../engine/util/camunda-date';
import { HistoricActivityInstanceEntity } from '../../../persistence/entities/history/historic-activity-instance.entity';

export class HistoricActivityInstanceDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) parentActivityInstanceId: string | null;
  @ApiProperty() activityId: string;
  @ApiPropertyOptional({ nullable: true }) activityName: string | null;
  @ApiProperty() activityType: string;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiProperty() processDefinitionId: string;
  @ApiProperty() processInstanceId: string;
  @ApiProperty() executionId: string;
  @ApiPropertyOptional({ nullable: true }) taskId: string | null;
  @ApiPropertyOptional({ nullable: true }) calledProcessInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) calledCaseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) assignee: string | null;
  @ApiProperty() startTime: string | null;
  @ApiPropertyOptional({ nullable: true }) endTime: string | null;
  @ApiPropertyOptional({ nullable: true }) durationInMillis: number | null;
  @ApiProperty() canceled: boolean;
  @ApiProperty() completeScope: boolean;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
}

export function toHistoricActivityInstanceDto(a: HistoricActivityInstanceEntity): HistoricActivityInstanceDto {
  return {
    id: a.id,
    parentActivityInstanceId: a.parentActivityInstanceId,
    activityId: a.activityId,
    activityName: a.activityName,
    activityType: a.activityType,
    processDefinitionKey: a.processDefinitionKey,
    processDefinitionId: a.processDefinitionId,
    processInstanceId: a.processInstanceId,
    executionId: a.executionId,
    taskId: a.taskId,
    calledProcessInstanceId: a.calledProcessInstanceId,
    calledCaseInstanceId: a.calledCaseInstanceId,
    assignee: a.assignee,
    startTime: formatDate(a.startTime),
    endTime: formatDate(a.endTime),
    durationInMillis: a.durationInMillis,
    canceled: a.activityInstanceState === 2,
    completeScope: a.activityInstanceState === 1,
    tenantId: a.tenantId,
    removalTime: formatDate(a.removalTime),
    rootProcessInstanceId: a.rootProcessInstanceId,
  };
}
