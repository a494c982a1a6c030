import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

/** One row per user task (history level activity and above); id = the task's id. */
@Entity('act_hi_taskinst')
export class HistoricTaskInstanceEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'task_def_key', type: 'varchar', length: 255, nullable: true })
  taskDefinitionKey: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('proc_def_id') processDefinitionId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('act_inst_id') activityInstanceId: string | null;

  @Column({ name: 'name', type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @IdColumn('parent_task_id') parentTaskId: string | null;

  @Column({ name: 'description', type: 'varchar', length: 4000, nullable: true })
  description: string | null;

  @Column({ name: 'owner', type: 'varchar', length: 255, nullable: true })
  owner: string | null;

  @Column({ name: 'assignee', type: 'varchar', length: 255, nullable: true })
  assignee: string | null;

  @TimestampColumn('start_time') startTime: Date;
  @TimestampColumn('end_time') endTime: Date | null;

  @Column({
    name: 'duration',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => (v == null ? null : Number(v)) },
  })
  durationInMillis: number | null;

  @Column({ name: 'delete_reason', type: 'varchar', length: 4000, nullable: true })
  deleteReason: string | null;

  @Column({ name: 'priority', type: 'int', nullable: true })
  priority: number | null;

  @TimestampColumn('due_date') dueDate: Date | null;
  @TimestampColumn('follow_up_date') followUpDate: Date | null;
  @IdColumn('tenant_id') tenantId: string | null;
  @TimestampColumn('removal_time') removalTime: Date | null;
}
