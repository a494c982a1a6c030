import { Entity, PrimaryColumn } from 'typeorm';

@Entity('act_id_membership')
export class MembershipEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 64 })
  userId: string;

  @PrimaryColumn({ name: 'group_id', type: 'varchar', length: 64 })
  groupId: string;
}
