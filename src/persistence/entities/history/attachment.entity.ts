import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BytesColumn, IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

/** Attachments of tasks (Camunda's act_hi_attachment): a link (`url`) or uploaded bytes; history, kept when the task ends. */
@Entity('act_hi_attachment')
export class AttachmentEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'user_id', type: 'varchar', length: 255, nullable: true })
  userId: string | null;

  @Column({ name: 'name', type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @Column({ name: 'description', type: 'varchar', length: 4000, nullable: true })
  description: string | null;

  @Column({ name: 'type', type: 'varchar', length: 255, nullable: true })
  type: string | null;

  @IdColumn('task_id') taskId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;

  @Column({ name: 'url', type: 'varchar', length: 4000, nullable: true })
  url: string | null;

  @BytesColumn('content') content: Buffer | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @TimestampColumn('create_time') createTime: Date | null;
  @TimestampColumn('removal_time') removalTime: Date | null;
}
