import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { NestedField, StringField } from '../../common/validation/body-fields';
import { GroupInfo } from '../../engine/identity/identity.service';
import { PasswordPolicyResult, PasswordPolicyRule } from '../../engine/identity/password-policy';

export class BasicUserCredentialsDto {
  @StringField() username: string | null;
  @StringField() password: string | null;
}

/** Camunda's AuthenticationResult as Jackson writes it (`groups` and `tenants` stay null on verify). */
export class AuthenticationResultDto {
  @ApiPropertyOptional({ type: String, nullable: true }) authenticatedUser: string | null;
  @ApiProperty() authenticated: boolean;
  @ApiPropertyOptional({ type: [String], nullable: true }) groups: string[] | null;
  @ApiPropertyOptional({ type: [String], nullable: true }) tenants: string[] | null;
}

/** The user a candidate password must not contain parts of. */
export class PasswordPolicyProfileDto {
  @StringField() id: string | null;
  @StringField() firstName: string | null;
  @StringField() lastName: string | null;
  @StringField() email: string | null;
}

export class PasswordPolicyRequestDto {
  @StringField({ description: 'The candidate password to be checked against the password policy.' })
  password: string | null;
  // Null is absent here too (NestedField alone refuses a null object, as ValidateNested does).
  @IsOptional()
  @NestedField(() => PasswordPolicyProfileDto)
  profile: PasswordPolicyProfileDto | null;
}

export class PasswordPolicyRuleDto {
  @ApiProperty({ example: 'PASSWORD_POLICY_LENGTH' }) placeholder: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    nullable: true,
    example: { minLength: '10' },
  })
  parameter: Record<string, string> | null;
}

export class PasswordPolicyDto {
  @ApiProperty({ type: () => [PasswordPolicyRuleDto] }) rules: PasswordPolicyRuleDto[];
}

export class CheckPasswordPolicyRuleDto extends PasswordPolicyRuleDto {
  @ApiProperty() valid: boolean;
}

export class CheckPasswordPolicyResultDto {
  @ApiProperty({ type: () => [CheckPasswordPolicyRuleDto] }) rules: CheckPasswordPolicyRuleDto[];
  @ApiProperty() valid: boolean;
}

export class GroupInfoGroupDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ type: String, nullable: true }) name: string | null;
}

export class GroupInfoUserDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ type: String, nullable: true }) firstName: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) lastName: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) displayName: string | null;
}

export class GroupInfoDto {
  @ApiProperty({ type: () => [GroupInfoGroupDto] }) groups: GroupInfoGroupDto[];
  @ApiProperty({ type: () => [GroupInfoUserDto] }) groupUsers: GroupInfoUserDto[];
}

export function toPasswordPolicyDto(rules: PasswordPolicyRule[]): PasswordPolicyDto {
  return { rules: rules.map(({ placeholder, parameter }) => ({ placeholder, parameter })) };
}

export function toCheckPasswordPolicyResultDto(result: PasswordPolicyResult): CheckPasswordPolicyResultDto {
  return {
    rules: result.rules.map(({ placeholder, parameter, valid }) => ({ placeholder, parameter, valid })),
    valid: result.valid,
  };
}

/** Camunda's task UserDto: the display name is the id without names, else Java's `firstName + " " + lastName`. */
function displayName(id: string, firstName: string | null, lastName: string | null): string | null {
  if (firstName == null && lastName == null) return id;
  return lastName != null ? `${firstName} ${lastName}` : firstName;
}

export function toGroupInfoDto(info: GroupInfo): GroupInfoDto {
  return {
    groups: info.groups.map((g) => ({ id: g.id, name: g.name })),
    groupUsers: info.groupUsers.map((u) => ({
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      displayName: displayName(u.id, u.firstName, u.lastName),
    })),
  };
}
