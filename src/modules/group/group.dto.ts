import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { objectOrNull, stringOrNull } from '../../common/http/json-body';
import { GroupData } from '../../engine/identity/identity.service';
import { GroupEntity } from '../../persistence/entities/identity/group.entity';

export class GroupDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiPropertyOptional({ nullable: true }) type: string | null;
}

export function toGroupDto(g: GroupEntity): GroupDto {
  return { id: g.id, name: g.name, type: g.type };
}

/** A GroupDto of a request body, with Jackson-like type checks. */
export function groupFromBody(body: unknown): GroupData {
  const group = objectOrNull(body);
  return { id: stringOrNull(group, 'id'), name: stringOrNull(group, 'name'), type: stringOrNull(group, 'type') };
}
