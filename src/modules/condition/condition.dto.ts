import { ApiPropertyOptional } from '@nestjs/swagger';

/** POST /condition (Camunda's EvaluationConditionDto). */
export class EvaluationConditionDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) variables?: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true }) businessKey?: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId?: string | null;
  @ApiPropertyOptional() withoutTenantId?: boolean;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId?: string | null;
}
