import { Entity } from 'typeorm';
import { DecisionEntryColumns } from './decision-entry-columns';

@Entity('act_hi_dec_in')
export class HistoricDecisionInputEntity extends DecisionEntryColumns {}
