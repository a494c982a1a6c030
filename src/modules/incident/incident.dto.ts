import { StringField } from '../../common/validation/body-fields';

export { IncidentDto, toIncidentDto } from '../../common/dto/incident.dto';

export class AnnotationDto {
  @StringField() annotation?: string | null;
}
