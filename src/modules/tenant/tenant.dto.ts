import { StringField } from '../../common/validation/body-fields';
import { TenantData } from '../../engine/identity/tenant.service';
import { TenantEntity } from '../../persistence/entities/identity/tenant.entity';

/** A tenant in responses, and the body of create and update (the engine reports a missing id). */
export class TenantDto {
  @StringField({ required: true }) id: string;
  @StringField() name: string | null;
}

export function toTenantDto(t: TenantEntity): TenantDto {
  return { id: t.id, name: t.name };
}

export function tenantFromBody(dto: TenantDto): TenantData {
  return { id: dto.id ?? null, name: dto.name ?? null };
}
