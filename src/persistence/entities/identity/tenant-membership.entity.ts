import { Entity, PrimaryColumn } from 'typeorm';
import { IdColumn } from '../../columns';

/** A user or a group (exactly one of them) belonging to a tenant. */
@Entity('act_id_tenant_member')
export class TenantMembershipEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @IdColumn('tenant_id', { nullable: false })
  tenantId: string;

  @IdColumn('user_id')
  userId: string | null;

  @IdColumn('group_id')
  groupId: string | null;
}
