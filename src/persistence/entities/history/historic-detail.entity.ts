import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';
import { VariableValueColumns } from './variable-value-columns';

/** Variable updates (type `VariableUpdate`) recorded at history level audit or full. */
@Entity('act_hi_detail')
export class HistoricDetailEntity extends VariableValueColumns {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'type', type: 'varchar', length: 255 })
  detailType: string;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('proc_def_id') processDefinitionId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('task_id') taskId: string | null;
  @IdColumn('act_inst_id') activityInstanceId: string | null;
  @IdColumn('var_inst_id') variableInstanceId: string | null;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  variableName: string;

  @Column({ name: 'rev', type: 'int', nullable: true })
  revision: number | null;

  @TimestampColumn('time') time: Date;

  @Column({
    name: 'sequence_counter',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => (v == null ? null : Number(v)) },
  })
  sequenceCounter: number | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @IdColumn('operation_id') userOperationId: string | null;
  @TimestampColumn('removal_time') removalTime: Date | null;

  @Column({ name: 'initial', type: 'boolean', default: false })
  initial: boolean;
}
