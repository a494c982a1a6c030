import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { UserEntity } from '../../persistence/entities/identity/user.entity';

export class UserProfileDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) firstName: string | null;
  @ApiPropertyOptional({ nullable: true }) lastName: string | null;
  @ApiPropertyOptional({ nullable: true }) email: string | null;
}

export class UserCredentialsDto {
  @ApiProperty() password: string;
  @ApiPropertyOptional({ description: 'Password of the authenticated user who changes the password' })
  authenticatedUserPassword?: string;
}

export class UserCreateDto {
  @ApiProperty({ type: UserProfileDto }) profile: UserProfileDto;
  @ApiProperty({ type: UserCredentialsDto }) credentials: UserCredentialsDto;
}

export function toUserProfileDto(user: UserEntity): UserProfileDto {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
}
