import { ApiProperty } from '@nestjs/swagger';

/** Camunda's HistoricActivityStatisticsDto: counts the flags did not ask for are 0. */
export class HistoricActivityStatisticsDto {
  @ApiProperty() id: string;
  @ApiProperty() instances: number;
  @ApiProperty() canceled: number;
  @ApiProperty() finished: number;
  @ApiProperty() completeScope: number;
  @ApiProperty() openIncidents: number;
  @ApiProperty() resolvedIncidents: number;
  @ApiProperty() deletedIncidents: number;
}

/** Camunda's CleanableHistoricProcessInstanceReportResultDto. */
export class CleanableHistoricProcessInstanceReportResultDto {
  @ApiProperty() processDefinitionId: string;
  @ApiProperty() processDefinitionKey: string;
  @ApiProperty({ nullable: true, type: String }) processDefinitionName: string | null;
  @ApiProperty() processDefinitionVersion: number;
  @ApiProperty({ nullable: true, type: Number }) historyTimeToLive: number | null;
  @ApiProperty() finishedProcessInstanceCount: number;
  @ApiProperty() cleanableProcessInstanceCount: number;
  @ApiProperty({ nullable: true, type: String }) tenantId: string | null;
}
