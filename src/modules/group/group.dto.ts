import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GroupEntity } from '../../persistence/entities/identity/group.entity';

export class GroupDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiPropertyOptional({ nullable: true }) type: string | null;
}

export function toGroupDto(g: GroupEntity): GroupDto {
  return { id: g.id, name: g.name, type: g.type };
}
