import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AuthorizationData } from '../../engine/authorization/authorization.service';
import { IntegerField, StringArrayField, StringField } from '../../common/validation/body-fields';
import { formatDate } from '../../engine/util/camunda-date';
import { permissionNames } from '../../engine/authorization/resources';
import { AuthorizationEntity } from '../../persistence/entities/identity/authorization.entity';
import { LinkDto } from '../../common/http/count-result.dto';

export class AuthorizationDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: '0 = global, 1 = grant, 2 = revoke' }) type: number;
  @ApiProperty({ type: [String] }) permissions: string[];
  @ApiPropertyOptional({ nullable: true }) userId: string | null;
  @ApiPropertyOptional({ nullable: true }) groupId: string | null;
  @ApiProperty() resourceType: number;
  @ApiPropertyOptional({ nullable: true }) resourceId: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
  @ApiPropertyOptional({ type: [LinkDto] }) links?: LinkDto[];
}

export class AuthorizationCreateDto {
  @IntegerField({ description: '0 = global, 1 = grant, 2 = revoke' }) type?: number | null;
  @StringArrayField() permissions?: string[] | null;
  @StringField() userId?: string | null;
  @StringField() groupId?: string | null;
  @IntegerField() resourceType?: number | null;
  @StringField() resourceId?: string | null;
}

export class AuthorizationCheckResultDto {
  @ApiProperty() permissionName: string;
  @ApiProperty() resourceName: string;
  @ApiPropertyOptional({ nullable: true }) resourceId: string | null;
  @ApiProperty() authorized: boolean;
}

export function toAuthorizationDto(a: AuthorizationEntity): AuthorizationDto {
  return {
    id: a.id,
    type: a.type,
    permissions: permissionNames(a.resourceType, a.type, a.permissions ?? 0),
    userId: a.userId,
    groupId: a.groupId,
    resourceType: a.resourceType,
    resourceId: a.resourceId,
    removalTime: formatDate(a.removalTime),
    rootProcessInstanceId: a.rootProcessInstanceId,
  };
}

export function authorizationFromBody(dto: AuthorizationCreateDto): AuthorizationData {
  return {
    type: dto.type ?? null,
    permissions: dto.permissions ?? null,
    userId: dto.userId ?? null,
    groupId: dto.groupId ?? null,
    resourceType: dto.resourceType ?? null,
    resourceId: dto.resourceId ?? null,
  };
}
