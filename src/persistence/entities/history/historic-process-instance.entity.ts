import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

@Entity('act_hi_procinst')
export class HistoricProcessInstanceEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @IdColumn('proc_inst_id') processInstanceId: string;

  @Column({ name: 'business_key', type: 'varchar', length: 255, nullable: true })
  businessKey: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('proc_def_id') processDefinitionId: string;
  @TimestampColumn('start_time') startTime: Date;
  @TimestampColumn('end_time') endTime: Date | null;
  @TimestampColumn('removal_time') removalTime: Date | null;

  @Column({
    name: 'duration',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => (v == null ? null : Number(v)) },
  })
  durationInMillis: number | null;

  @Column({ name: 'start_user_id', type: 'varchar', length: 255, nullable: true })
  startUserId: string | null;

  @Column({ name: 'start_act_id', type: 'varchar', length: 255, nullable: true })
  startActivityId: string | null;

  @Column({ name: 'end_act_id', type: 'varchar', length: 255, nullable: true })
  endActivityId: string | null;

  @IdColumn('super_proc_inst_id') superProcessInstanceId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;

  @Column({ name: 'delete_reason', type: 'varchar', length: 4000, nullable: true })
  deleteReason: string | null;

  @IdColumn('tenant_id') tenantId: string | null;

  /** ACTIVE, SUSPENDED, COMPLETED, EXTERNALLY_TERMINATED, INTERNALLY_TERMINATED. */
  @Column({ name: 'state', type: 'varchar', length: 255, nullable: true })
  state: string | null;
}
