import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ProcessInstanceDto } from '../../common/dto/process-instance.dto';
import { variablesToWire } from '../../common/variables/variable-value.dto';
import { MessageCorrelationResult } from '../../engine/events/event-types';
import { WireValue } from '../../common/variables/wire-value';

const VARIABLES = { type: 'object', additionalProperties: true, nullable: true } as const;

/** POST /message (Camunda's CorrelationMessageDto). */
export class CorrelationMessageDto {
  @ApiProperty() messageName: string;
  @ApiPropertyOptional({ nullable: true }) businessKey?: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId?: string | null;
  @ApiPropertyOptional() withoutTenantId?: boolean;
  @ApiPropertyOptional({ nullable: true }) processInstanceId?: string | null;
  @ApiPropertyOptional(VARIABLES) correlationKeys?: Record<string, unknown> | null;
  @ApiPropertyOptional(VARIABLES) localCorrelationKeys?: Record<string, unknown> | null;
  @ApiPropertyOptional(VARIABLES) processVariables?: Record<string, unknown> | null;
  @ApiPropertyOptional(VARIABLES) processVariablesLocal?: Record<string, unknown> | null;
  @ApiPropertyOptional() all?: boolean;
  @ApiPropertyOptional() resultEnabled?: boolean;
  @ApiPropertyOptional() variablesInResultEnabled?: boolean;
}

export class CorrelatedExecutionDto {
  @ApiProperty() id: string;
  @ApiProperty() processInstanceId: string;
  @ApiProperty() ended: boolean;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
}

export class MessageCorrelationResultDto {
  @ApiProperty({ enum: ['Execution', 'ProcessDefinition'] }) resultType: string;
  @ApiPropertyOptional({ type: CorrelatedExecutionDto, nullable: true }) execution: CorrelatedExecutionDto | null;
  @ApiPropertyOptional({ type: ProcessInstanceDto, nullable: true }) processInstance: ProcessInstanceDto | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) variables?: Record<string, WireValue>;
}

export function toMessageCorrelationResultDto(r: MessageCorrelationResult, withVariables: boolean): MessageCorrelationResultDto {
  const p = r.processInstance;
  const dto: MessageCorrelationResultDto = {
    resultType: r.resultType,
    execution: r.execution ? { ...r.execution } : null,
    processInstance: p
      ? { links: [], id: p.id, definitionId: p.definitionId, definitionKey: p.definitionKey, businessKey: p.businessKey, caseInstanceId: null, ended: p.ended, suspended: p.suspended, tenantId: p.tenantId }
      : null,
  };
  if (withVariables) dto.variables = variablesToWire(r.variables ?? {}, true);
  return dto;
}
