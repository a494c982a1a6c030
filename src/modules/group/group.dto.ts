import { GroupData } from '../../engine/identity/identity.service';
import { StringField } from '../../common/validation/body-fields';
import { GroupEntity } from '../../persistence/entities/identity/group.entity';

/** A group in responses, and the body of create and update (the engine reports a missing id). */
export class GroupDto {
  @StringField({ required: true }) id: string;
  @StringField() name: string | null;
  @StringField() type: string | null;
}

export function toGroupDto(g: GroupEntity): GroupDto {
  return { id: g.id, name: g.name, type: g.type };
}

export function groupFromBody(dto: GroupDto): GroupData {
  return { id: dto.id ?? null, name: dto.name ?? null, type: dto.type ?? null };
}
