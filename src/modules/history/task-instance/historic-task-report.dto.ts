import { ApiProperty } from '@nestjs/swagger';

/** Camunda's HistoricTaskInstanceReportResultDto (reportType=count). */
export class HistoricTaskInstanceReportResultDto {
  @ApiProperty({ nullable: true, type: String }) taskName: string | null;
  @ApiProperty() count: number;
  @ApiProperty({ nullable: true, type: String }) processDefinitionKey: string | null;
  @ApiProperty({ nullable: true, type: String }) processDefinitionId: string | null;
  @ApiProperty({ nullable: true, type: String }) processDefinitionName: string | null;
  @ApiProperty({ nullable: true, type: String }) tenantId: string | null;
}

/** Camunda's DurationReportResultDto (reportType=duration). */
export class DurationReportResultDto {
  @ApiProperty() period: number;
  @ApiProperty({ enum: ['MONTH', 'QUARTER'] }) periodUnit: 'MONTH' | 'QUARTER';
  @ApiProperty() minimum: number;
  @ApiProperty() maximum: number;
  @ApiProperty() average: number;
}
