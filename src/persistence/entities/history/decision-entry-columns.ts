import { Column, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';
import { VariableValueColumns } from './variable-value-columns';

/** What a historic decision input and output share: the clause, the typed value and the instance it belongs to. */
export abstract class DecisionEntryColumns extends VariableValueColumns {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'dec_inst_id', type: 'varchar', length: 64 })
  decisionInstanceId: string;

  @IdColumn('clause_id', { length: 255 }) clauseId: string | null;

  @Column({ name: 'clause_name', type: 'varchar', length: 255, nullable: true })
  clauseName: string | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @TimestampColumn('create_time') createTime: Date | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @TimestampColumn('removal_time') removalTime: Date | null;
}
