import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { integerOrNull, objectOrNull, stringArrayOrNull, stringOrNull } from '../../common/http/json-body';
import { AuthorizationData } from '../../engine/identity/authorization.service';
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
  @ApiPropertyOptional({ nullable: true }) type?: number | null;
  @ApiPropertyOptional({ type: [String], nullable: true }) permissions?: string[] | null;
  @ApiPropertyOptional({ nullable: true }) userId?: string | null;
  @ApiPropertyOptional({ nullable: true }) groupId?: string | null;
  @ApiPropertyOptional({ nullable: true }) resourceType?: number | null;
  @ApiPropertyOptional({ nullable: true }) resourceId?: string | null;
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

/** An AuthorizationCreateDto (or update body) with Jackson-like type checks. */
export function authorizationFromBody(body: unknown): AuthorizationData {
  const dto = objectOrNull(body);
  return {
    type: integerOrNull(dto, 'type'),
    permissions: stringArrayOrNull(dto, 'permissions'),
    userId: stringOrNull(dto, 'userId'),
    groupId: stringOrNull(dto, 'groupId'),
    resourceType: integerOrNull(dto, 'resourceType'),
    resourceId: stringOrNull(dto, 'resourceId'),
  };
}
