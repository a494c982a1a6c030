import { ApiPropertyOptional } from '@nestjs/swagger';

export class StartProcessInstanceDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true }) variables?: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true }) businessKey?: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId?: string | null;
  @ApiPropertyOptional() withVariablesInReturn?: boolean;
  @ApiPropertyOptional() skipCustomListeners?: boolean;
  @ApiPropertyOptional() skipIoMappings?: boolean;
}
