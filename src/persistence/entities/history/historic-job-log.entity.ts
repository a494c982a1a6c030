import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

/** Camunda's JobState codes in JOB_STATE_: created, failed, successful, deleted. */
export const JOB_LOG_STATE = { created: 0, failed: 1, successful: 2, deleted: 3 } as const;

/** One event in the life of a job (Camunda's act_hi_job_log), written at history level full. */
@Entity('act_hi_job_log')
export class HistoricJobLogEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @TimestampColumn('timestamp', { nullable: false }) timestamp: Date;
  @IdColumn('job_id', { nullable: false }) jobId: string;
  @TimestampColumn('job_duedate') jobDueDate: Date | null;

  @Column({ name: 'job_retries', type: 'int', nullable: true })
  jobRetries: number | null;

  @Column({
    name: 'job_priority',
    type: 'bigint',
    default: 0,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => Number(v) },
  })
  jobPriority: number;

  @Column({ name: 'job_exception_msg', type: 'varchar', length: 4000, nullable: true })
  jobExceptionMessage: string | null;

  /** The failure and its causes as text (Camunda keeps the Java stack trace in a byte array). */
  @Column({ name: 'job_exception_stack', type: 'text', nullable: true })
  jobExceptionStacktrace: string | null;

  @Column({ name: 'job_state', type: 'int' })
  state: number;

  @IdColumn('job_def_id') jobDefinitionId: string | null;

  @Column({ name: 'job_def_type', type: 'varchar', length: 255, nullable: true })
  jobDefinitionType: string | null;

  @Column({ name: 'job_def_configuration', type: 'varchar', length: 255, nullable: true })
  jobDefinitionConfiguration: string | null;

  @Column({ name: 'act_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  @Column({ name: 'failed_act_id', type: 'varchar', length: 255, nullable: true })
  failedActivityId: string | null;

  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('process_instance_id') processInstanceId: string | null;
  @IdColumn('process_def_id') processDefinitionId: string | null;

  @Column({ name: 'process_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('deployment_id') deploymentId: string | null;

  @Column({
    name: 'sequence_counter',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => (v == null ? null : Number(v)) },
  })
  sequenceCounter: number | null;

  @IdColumn('tenant_id') tenantId: string | null;

  @Column({ name: 'hostname', type: 'varchar', length: 255, nullable: true })
  hostname: string | null;

  @TimestampColumn('removal_time') removalTime: Date | null;
}
