import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

@Entity('act_ru_ext_task')
export class ExternalTaskEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'worker_id', type: 'varchar', length: 255, nullable: true })
  workerId: string | null;

  @Column({ name: 'topic_name', type: 'varchar', length: 255 })
  topicName: string;

  /** null until first set (Camunda semantics: null counts as "retries left"). */
  @Column({ name: 'retries', type: 'int', nullable: true })
  retries: number | null;

  @Column({ name: 'error_msg', type: 'varchar', length: 4000, nullable: true })
  errorMessage: string | null;

  @Column({ name: 'error_details', type: 'text', nullable: true })
  errorDetails: string | null;

  @TimestampColumn('lock_exp_time') lockExpirationTime: Date | null;
  @TimestampColumn('create_time') createTime: Date;

  @Column({ name: 'suspension_state', type: 'int', default: 1 })
  suspensionState: number;

  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @Column({ name: 'act_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  @IdColumn('act_inst_id') activityInstanceId: string | null;
  @IdColumn('tenant_id') tenantId: string | null;

  @Column({
    name: 'priority',
    type: 'bigint',
    default: 0,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => Number(v) },
  })
  priority: number;

  @Column({ name: 'business_key', type: 'varchar', length: 255, nullable: true })
  businessKey: string | null;
}
