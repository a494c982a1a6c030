import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';
import { VariableValueColumns } from './variable-value-columns';

/** The last value of every process or task variable (history level audit and full); id = the runtime variable's id. */
@Entity('act_hi_varinst')
export class HistoricVariableInstanceEntity extends VariableValueColumns {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('proc_def_id') processDefinitionId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('act_inst_id') activityInstanceId: string | null;
  @IdColumn('task_id') taskId: string | null;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'rev', type: 'int', nullable: true })
  revision: number | null;

  @TimestampColumn('create_time') createTime: Date;
  @IdColumn('tenant_id') tenantId: string | null;

  /** CREATED, or DELETED once the variable was removed (rows of ended scopes stay CREATED, as in Camunda). */
  @Column({ name: 'state', type: 'varchar', length: 20, nullable: true })
  state: string | null;

  @TimestampColumn('removal_time') removalTime: Date | null;
}
