import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

/** The history of a batch (Camunda's act_hi_batch): written when it starts, ended when its monitor finds no job left. */
@Entity('act_hi_batch')
export class HistoricBatchEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'type', type: 'varchar', length: 255 })
  type: string;

  @Column({ name: 'total_jobs', type: 'int', default: 0 })
  totalJobs: number;

  @Column({ name: 'jobs_per_seed', type: 'int', default: 100 })
  batchJobsPerSeed: number;

  @Column({ name: 'invocations_per_job', type: 'int', default: 1 })
  invocationsPerBatchJob: number;

  @IdColumn('seed_job_def_id') seedJobDefinitionId: string | null;
  @IdColumn('monitor_job_def_id') monitorJobDefinitionId: string | null;
  @IdColumn('batch_job_def_id') batchJobDefinitionId: string | null;
  @IdColumn('tenant_id') tenantId: string | null;

  @Column({ name: 'create_user_id', type: 'varchar', length: 255, nullable: true })
  createUserId: string | null;

  @TimestampColumn('start_time') startTime: Date | null;
  @TimestampColumn('end_time') endTime: Date | null;
  @TimestampColumn('removal_time') removalTime: Date | null;
  @TimestampColumn('exec_start_time') executionStartTime: Date | null;
}
