import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { StringField } from '../../common/validation/body-fields';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';

export class ExecutionDto {
  @ApiProperty() id: string;
  @ApiProperty() processInstanceId: string;
  @ApiProperty() ended: boolean;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
}

/** The engine reports a missing incident type in its own words. */
export class CreateIncidentDto {
  @StringField({ required: true }) incidentType: string;
  @StringField() configuration?: string | null;
  @StringField() message?: string | null;
}

/** A row of the runtime table is never ended: ended executions are deleted. */
export function toExecutionDto(e: ExecutionEntity): ExecutionDto {
  return { id: e.id, processInstanceId: e.processInstanceId, ended: false, tenantId: e.tenantId };
}
