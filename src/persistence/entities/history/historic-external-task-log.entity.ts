import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

/** Camunda's ExternalTaskState codes in STATE_: created, failed, successful, deleted. */
export const EXTERNAL_TASK_LOG_STATE = { created: 0, failed: 1, successful: 2, deleted: 3 } as const;

/** One event in the life of an external task (Camunda's act_hi_ext_task_log), written at history level full. */
@Entity('act_hi_ext_task_log')
export class HistoricExternalTaskLogEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @TimestampColumn('timestamp', { nullable: false }) timestamp: Date;
  @IdColumn('ext_task_id', { nullable: false }) externalTaskId: string;

  @Column({ name: 'retries', type: 'int', nullable: true })
  retries: number | null;

  @Column({ name: 'topic_name', type: 'varchar', length: 255, nullable: true })
  topicName: string | null;

  @Column({ name: 'worker_id', type: 'varchar', length: 255, nullable: true })
  workerId: string | null;

  @Column({
    name: 'priority',
    type: 'bigint',
    default: 0,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => Number(v) },
  })
  priority: number;

  @Column({ name: 'error_msg', type: 'varchar', length: 4000, nullable: true })
  errorMessage: string | null;

  @Column({ name: 'error_details', type: 'text', nullable: true })
  errorDetails: string | null;

  @Column({ name: 'act_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  @IdColumn('act_inst_id') activityInstanceId: string | null;
  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('tenant_id') tenantId: string | null;

  @Column({ name: 'state', type: 'int' })
  state: number;

  @TimestampColumn('removal_time') removalTime: Date | null;
}
