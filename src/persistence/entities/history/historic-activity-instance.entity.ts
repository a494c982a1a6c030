import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

@Entity('act_hi_actinst')
export class HistoricActivityInstanceEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @IdColumn('parent_act_inst_id') parentActivityInstanceId: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('proc_def_id') processDefinitionId: string;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string;
  @IdColumn('execution_id') executionId: string;

  @Column({ name: 'act_id', type: 'varchar', length: 255 })
  activityId: string;

  @IdColumn('task_id') taskId: string | null;
  @IdColumn('call_proc_inst_id') calledProcessInstanceId: string | null;
  @IdColumn('call_case_inst_id') calledCaseInstanceId: string | null;

  @Column({ name: 'act_name', type: 'varchar', length: 255, nullable: true })
  activityName: string | null;

  @Column({ name: 'act_type', type: 'varchar', length: 255 })
  activityType: string;

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

  /** 0 default, 1 scope complete, 2 canceled. */
  @Column({ name: 'act_inst_state', type: 'int', nullable: true })
  activityInstanceState: number | null;

  @Column({
    name: 'sequence_counter',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => (v == null ? null : Number(v)) },
  })
  sequenceCounter: number | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @TimestampColumn('removal_time') removalTime: Date | null;
}
