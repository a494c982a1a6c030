import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** POST /signal (Camunda's SignalDto). */
export class SignalDto {
  @ApiProperty() name: string;
  @ApiPropertyOptional({ nullable: true }) executionId?: string | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) variables?: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true }) tenantId?: string | null;
  @ApiPropertyOptional() withoutTenantId?: boolean;
}
