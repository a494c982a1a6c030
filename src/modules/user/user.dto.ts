import { UserProfile } from '../../engine/identity/identity.service';
import { NestedField, StringField } from '../../common/validation/body-fields';
import { UserEntity } from '../../persistence/entities/identity/user.entity';

/** A profile in responses, and the body of create and profile update. */
export class UserProfileDto {
  @StringField({ required: true }) id: string;
  @StringField() firstName: string | null;
  @StringField() lastName: string | null;
  @StringField() email: string | null;
}

export class UserCredentialsDto {
  @StringField({ required: true }) password: string;
  @StringField({ description: 'Password of the authenticated user who changes the password' })
  authenticatedUserPassword?: string | null;
}

export class UserCreateDto {
  @NestedField(() => UserProfileDto, { required: true }) profile: UserProfileDto;
  @NestedField(() => UserCredentialsDto, { required: true }) credentials: UserCredentialsDto;
}

export function toUserProfileDto(user: UserEntity): UserProfileDto {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
}

export function profileFromBody(profile: UserProfileDto | null | undefined): UserProfile {
  return {
    id: profile?.id ?? null,
    firstName: profile?.firstName ?? null,
    lastName: profile?.lastName ?? null,
    email: profile?.email ?? null,
  };
}
