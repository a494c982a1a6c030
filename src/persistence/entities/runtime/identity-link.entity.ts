import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn } from '../../columns';

/** Candidate users and groups of a task (type `candidate`). */
@Entity('act_ru_identitylink')
export class IdentityLinkEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'group_id', type: 'varchar', length: 255, nullable: true })
  groupId: string | null;

  @Column({ name: 'type', type: 'varchar', length: 255, nullable: true })
  type: string | null;

  @Column({ name: 'user_id', type: 'varchar', length: 255, nullable: true })
  userId: string | null;

  @IdColumn('task_id') taskId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string | null;
  @IdColumn('tenant_id') tenantId: string | null;
}
