import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

@Entity('act_ru_authorization')
export class AuthorizationEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  /** 0 global, 1 grant, 2 revoke. */
  @Column({ name: 'type', type: 'int' })
  type: number;

  @IdColumn('group_id', { length: 255 })
  groupId: string | null;

  @IdColumn('user_id', { length: 255 })
  userId: string | null;

  @Column({ name: 'resource_type', type: 'int' })
  resourceType: number;

  @Column({ name: 'resource_id', type: 'varchar', length: 255, nullable: true })
  resourceId: string | null;

  /** Bit mask of permission values; revokes start from ALL and clear bits. */
  @Column({ name: 'perms', type: 'int', nullable: true })
  permissions: number | null;

  @TimestampColumn('removal_time')
  removalTime: Date | null;

  @IdColumn('root_proc_inst_id')
  rootProcessInstanceId: string | null;
}
