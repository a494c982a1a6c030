import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';

export class ExecutionDto {
  @ApiProperty() id: string;
  @ApiProperty() processInstanceId: string;
  @ApiProperty() ended: boolean;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
}

export class CreateIncidentDto {
  @ApiPropertyOptional({ nullable: true }) incidentType: string | null;
  @ApiPropertyOptional({ nullable: true }) configuration: string | null;
  @ApiPropertyOptional({ nullable: true }) message: string | null;
}

/** A row of the runtime table is never ended: ended executions are deleted. */
export function toExecutionDto(e: ExecutionEntity): ExecutionDto {
  return { id: e.id, processInstanceId: e.processInstanceId, ended: false, tenantId: e.tenantId };
}
