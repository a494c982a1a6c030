import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BooleanField, StringField, VariablesField } from '../../common/validation/body-fields';
import { processInstanceInfoDto, ProcessInstanceDto } from '../../common/dto/process-instance.dto';
import { variablesToWire } from '../../common/variables/variable-value.dto';
import { MessageCorrelationResult } from '../../engine/correlation/event-types';
import { WireValue } from '../../common/variables/wire-value';

/** POST /message (Camunda's CorrelationMessageDto). */
export class CorrelationMessageDto {
  @StringField({ required: 'No message name supplied' }) messageName: string;
  @StringField() businessKey?: string | null;
  @StringField() tenantId?: string | null;
  @BooleanField() withoutTenantId?: boolean | null;
  @StringField() processInstanceId?: string | null;
  @VariablesField() correlationKeys?: Record<string, unknown> | null;
  @VariablesField() localCorrelationKeys?: Record<string, unknown> | null;
  @VariablesField() processVariables?: Record<string, unknown> | null;
  @VariablesField() processVariablesLocal?: Record<string, unknown> | null;
  @BooleanField() all?: boolean | null;
  @BooleanField() resultEnabled?: boolean | null;
  @BooleanField() variablesInResultEnabled?: boolean | null;
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

export function toMessageCorrelationResultDto(
  r: MessageCorrelationResult,
  withVariables: boolean,
): MessageCorrelationResultDto {
  const p = r.processInstance;
  const dto: MessageCorrelationResultDto = {
    resultType: r.resultType,
    execution: r.execution ? { ...r.execution } : null,
    processInstance: p ? processInstanceInfoDto(p) : null,
  };
  if (withVariables) dto.variables = variablesToWire(r.variables ?? {}, true);
  return dto;
}
