import { ApiPropertyOptional } from '@nestjs/swagger';

/** Body of POST .../variables and .../localVariables: updates first, then deletions. */
export class PatchVariablesDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) modifications: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: [String], nullable: true }) deletions: string[] | null;
}

export class TriggerDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) variables: Record<string, unknown> | null;
}
