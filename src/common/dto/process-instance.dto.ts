import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ProcessInstanceInfo } from '../../engine/instances/runtime-types';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { LinkDto } from '../http/count-result.dto';
import { Link, LinkBuilder } from '../http/links';
import { variablesToWire } from '../variables/variable-value.dto';
import { WireValue } from '../variables/wire-value';

export class ProcessInstanceDto {
  @ApiProperty({ type: [LinkDto] }) links: Link[];
  @ApiProperty() id: string;
  @ApiProperty() definitionId: string;
  @ApiPropertyOptional({ nullable: true }) definitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) businessKey: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId: string | null;
  @ApiProperty() ended: boolean;
  @ApiProperty() suspended: boolean;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
}

export class ProcessInstanceWithVariablesDto extends ProcessInstanceDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) variables?: Record<string, WireValue>;
}

/** A process instance row as Camunda lists it: links only come with the start response. */
export function toProcessInstanceDto(e: ExecutionEntity): ProcessInstanceDto {
  return {
    links: [],
    id: e.id,
    definitionId: e.processDefinitionId,
    definitionKey: e.processDefinitionKey,
    businessKey: e.businessKey,
    caseInstanceId: null,
    ended: false,
    suspended: e.suspensionState === 2,
    tenantId: e.tenantId,
  };
}

/** A process instance the engine started or reached (condition, message results), without links. */
export function processInstanceInfoDto(
  info: Omit<ProcessInstanceInfo, 'variables' | 'caseInstanceId'>,
): ProcessInstanceDto {
  return {
    links: [],
    id: info.id,
    definitionId: info.definitionId,
    definitionKey: info.definitionKey,
    businessKey: info.businessKey,
    caseInstanceId: null,
    ended: info.ended,
    suspended: info.suspended,
    tenantId: info.tenantId,
  };
}

/** The answer to a start: a `self` link to the new instance, and its variables when asked for. */
export function startedInstanceDto(info: ProcessInstanceInfo, links: LinkBuilder): ProcessInstanceWithVariablesDto {
  const dto: ProcessInstanceWithVariablesDto = {
    ...processInstanceInfoDto(info),
    links: [links.link('GET', `/process-instance/${info.id}`, 'self')],
  };
  if (info.variables) dto.variables = variablesToWire(info.variables, false);
  return dto;
}
