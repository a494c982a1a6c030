import { ApiProperty } from '@nestjs/swagger';
import { ProcessDefinitionDto, toProcessDefinitionDto } from '../../common/dto/process-definition.dto';
import { CalledProcessDefinition } from '../../engine/instances/commands/static-called-process-definitions.cmd';

/** Camunda's CalledProcessDefinitionDto: the called definition, by whom and from where. */
export class CalledProcessDefinitionDto extends ProcessDefinitionDto {
  @ApiProperty({ type: [String] }) calledFromActivityIds: string[];
  @ApiProperty() callingProcessDefinitionId: string;
}

export function toCalledProcessDefinitionDto(c: CalledProcessDefinition): CalledProcessDefinitionDto {
  return {
    ...toProcessDefinitionDto(c.definition),
    calledFromActivityIds: c.calledFromActivityIds,
    callingProcessDefinitionId: c.callingProcessDefinitionId,
  };
}
