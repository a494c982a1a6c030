import { ApiPropertyOptional } from '@nestjs/swagger';

export { IncidentDto, toIncidentDto } from '../../common/dto/incident.dto';

export class AnnotationDto {
  @ApiPropertyOptional({ nullable: true }) annotation: string | null;
}
