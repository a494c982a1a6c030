import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ObjectField, StringField } from '../../common/validation/body-fields';
import { Filter } from '../../engine/filter/filter-types';

/** A saved filter on the wire; `itemCount` only when asked for with `itemCount=true`. */
export class FilterDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'Task' }) resourceType: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ nullable: true }) owner: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'A task query, as the body of POST /task' })
  query: Record<string, unknown>;
  @ApiPropertyOptional({ nullable: true, type: 'object', additionalProperties: true }) properties: Record<
    string,
    unknown
  > | null;
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) itemCount?: number;
}

/** The body of POST /filter/create and PUT /filter/{id} (Camunda's CreateFilterDto). */
export class CreateFilterDto {
  @StringField({ example: 'Task' }) resourceType?: string | null;
  @StringField() name?: string | null;
  @StringField() owner?: string | null;
  @ObjectField({
    description:
      'A task query, as the body of POST /task; expressions such as ${currentUser()} in the ...Expression criteria',
  })
  query?: Record<string, unknown> | null;
  @ObjectField({ description: 'Free-form JSON, returned unchanged' }) properties?: Record<string, unknown> | null;
}

export function toFilterDto(f: Filter): FilterDto {
  return {
    id: f.id,
    resourceType: f.resourceType,
    name: f.name,
    owner: f.owner,
    query: f.query,
    properties: f.properties,
  };
}
