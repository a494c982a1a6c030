import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn } from '../../columns';
import { VariableValueColumns } from '../history/variable-value-columns';

/** A runtime variable of an execution or a task; `varScope` is the id of its owner. */
@Entity('act_ru_variable')
export class VariableEntity extends VariableValueColumns {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name: string;

  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string | null;
  @IdColumn('task_id') taskId: string | null;
  @IdColumn('var_scope') varScope: string;
  @IdColumn('tenant_id') tenantId: string | null;
}
