import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JsonObject, objectOrNull, stringOrNull } from '../../common/http/json-body';
import { UserProfile } from '../../engine/identity/identity.service';
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

/** A profile object of a request body (create or update), with Jackson-like type checks. */
export function profileFromBody(profile: JsonObject | null): UserProfile {
  return {
    id: stringOrNull(profile, 'id'),
    firstName: stringOrNull(profile, 'firstName'),
    lastName: stringOrNull(profile, 'lastName'),
    email: stringOrNull(profile, 'email'),
  };
}

export function credentialsFromBody(body: unknown): { password: string | null; authenticatedUserPassword: string | null } {
  const credentials = objectOrNull(body, 'credentials');
  return {
    password: stringOrNull(credentials, 'password'),
    authenticatedUserPassword: stringOrNull(credentials, 'authenticatedUserPassword'),
  };
}
