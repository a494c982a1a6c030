import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

/**
 * A running batch (Camunda's act_ru_batch). Its jobs are told apart by their `job_def_id`: the seed, monitor and
 * batch job definition ids name the three kinds of jobs of this batch (there is no job definition table).
 */
@Entity('act_ru_batch')
export class BatchEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'type', type: 'varchar', length: 255 })
  type: string;

  @Column({ name: 'total_jobs', type: 'int', default: 0 })
  totalJobs: number;

  @Column({ name: 'jobs_created', type: 'int', default: 0 })
  jobsCreated: number;

  @Column({ name: 'jobs_per_seed', type: 'int', default: 100 })
  batchJobsPerSeed: number;

  @Column({ name: 'invocations_per_job', type: 'int', default: 1 })
  invocationsPerBatchJob: number;

  @IdColumn('seed_job_def_id') seedJobDefinitionId: string | null;
  @IdColumn('monitor_job_def_id') monitorJobDefinitionId: string | null;
  @IdColumn('batch_job_def_id') batchJobDefinitionId: string | null;

  /** What the batch works on and how (the targets' ids and the operation's parameters), as JSON. */
  @Column({ name: 'configuration', type: 'text', nullable: true })
  configuration: string | null;

  @Column({ name: 'suspension_state', type: 'int', default: 1 })
  suspensionState: number;

  @IdColumn('tenant_id') tenantId: string | null;

  @Column({ name: 'create_user_id', type: 'varchar', length: 255, nullable: true })
  createUserId: string | null;

  @TimestampColumn('start_time') startTime: Date | null;
  @TimestampColumn('exec_start_time') executionStartTime: Date | null;
}
