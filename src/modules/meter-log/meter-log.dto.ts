import { ApiProperty } from '@nestjs/swagger';

/** Camunda's MetricsIntervalResultDto: one metric's count in one interval (of one reporter, or of all). */
export class MetricsIntervalResultDto {
  @ApiProperty({ example: '2026-01-23T14:45:00.000+0000' }) timestamp: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true }) reporter: string | null;
  @ApiProperty({ type: 'integer', format: 'int64' }) value: number;
}

/** Camunda's MetricsResultDto. */
export class MetricsResultDto {
  @ApiProperty({ type: 'integer', format: 'int64' }) result: number;
}
