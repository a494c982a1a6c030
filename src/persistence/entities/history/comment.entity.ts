import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

/** Comments on tasks (Camunda's act_hi_comment, type `comment`): history, kept when the task ends. */
@Entity('act_hi_comment')
export class CommentEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'type', type: 'varchar', length: 255, nullable: true })
  type: string | null;

  @TimestampColumn('time') time: Date;

  @Column({ name: 'user_id', type: 'varchar', length: 255, nullable: true })
  userId: string | null;

  @IdColumn('task_id') taskId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;

  @Column({ name: 'action', type: 'varchar', length: 255, nullable: true })
  action: string | null;

  /** The message with white space collapsed, cut at 163 characters (Camunda's event message). */
  @Column({ name: 'message', type: 'varchar', length: 4000, nullable: true })
  message: string | null;

  @Column({ name: 'full_msg', type: 'text', nullable: true })
  fullMessage: string | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @TimestampColumn('removal_time') removalTime: Date | null;
}
