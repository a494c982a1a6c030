import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

/** Timers and asynchronous continuations, acquired by any engine instance through the lock columns. */
@Entity('act_ru_job')
export class JobEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  /** `timer`, `async-continuation`, ... */
  @Column({ name: 'type', type: 'varchar', length: 255 })
  type: string;

  @TimestampColumn('lock_exp_time') lockExpirationTime: Date | null;

  @Column({ name: 'lock_owner', type: 'varchar', length: 255, nullable: true })
  lockOwner: string | null;

  @Column({ name: 'exclusive', type: 'boolean', default: true })
  exclusive: boolean;

  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @Column({ name: 'retries', type: 'int', default: 3 })
  retries: number;

  @Column({ name: 'exception_msg', type: 'varchar', length: 4000, nullable: true })
  exceptionMessage: string | null;

  @Column({ name: 'exception_stack', type: 'text', nullable: true })
  exceptionStacktrace: string | null;

  @TimestampColumn('duedate') dueDate: Date | null;

  @Column({ name: 'repeat', type: 'varchar', length: 255, nullable: true })
  repeat: string | null;

  @Column({ name: 'handler_type', type: 'varchar', length: 255, nullable: true })
  handlerType: string | null;

  @Column({ name: 'handler_cfg', type: 'varchar', length: 4000, nullable: true })
  handlerConfiguration: string | null;

  @Column({ name: 'suspension_state', type: 'int', default: 1 })
  suspensionState: number;

  @IdColumn('job_def_id') jobDefinitionId: string | null;

  @Column({
    name: 'priority',
    type: 'bigint',
    default: 0,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => Number(v) },
  })
  priority: number;

  @Column({ name: 'activity_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  /** The activity whose work failed when the job last ran (null while it never failed). */
  @Column({ name: 'failed_act_id', type: 'varchar', length: 255, nullable: true })
  failedActivityId: string | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @TimestampColumn('create_time') createTime: Date | null;
}
