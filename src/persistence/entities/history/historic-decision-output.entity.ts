import { Column, Entity } from 'typeorm';
import { IdColumn } from '../../columns';
import { DecisionEntryColumns } from './decision-entry-columns';

@Entity('act_hi_dec_out')
export class HistoricDecisionOutputEntity extends DecisionEntryColumns {
  @IdColumn('rule_id', { length: 255 }) ruleId: string | null;

  @Column({ name: 'rule_order', type: 'int', nullable: true })
  ruleOrder: number | null;

  @Column({ name: 'var_name', type: 'varchar', length: 255, nullable: true })
  variableName: string | null;
}
