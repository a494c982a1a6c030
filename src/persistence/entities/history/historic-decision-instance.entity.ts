import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

@Entity('act_hi_decinst')
export class HistoricDecisionInstanceEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'dec_def_id', type: 'varchar', length: 64 })
  decisionDefinitionId: string;

  @Column({ name: 'dec_def_key', type: 'varchar', length: 255 })
  decisionDefinitionKey: string;

  @Column({ name: 'dec_def_name', type: 'varchar', length: 255, nullable: true })
  decisionDefinitionName: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('proc_def_id') processDefinitionId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;

  @Column({ name: 'case_def_key', type: 'varchar', length: 255, nullable: true })
  caseDefinitionKey: string | null;

  @IdColumn('case_def_id') caseDefinitionId: string | null;
  @IdColumn('case_inst_id') caseInstanceId: string | null;
  @IdColumn('act_inst_id') activityInstanceId: string | null;

  @Column({ name: 'act_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  @TimestampColumn('eval_time', { nullable: false })
  evaluationTime: Date;

  @TimestampColumn('removal_time')
  removalTime: Date | null;

  @Column({ name: 'collect_value', type: 'double', nullable: true })
  collectResultValue: number | null;

  @Column({ name: 'user_id', type: 'varchar', length: 255, nullable: true })
  userId: string | null;

  @IdColumn('root_dec_inst_id') rootDecisionInstanceId: string | null;
  @IdColumn('dec_req_id') decisionRequirementsDefinitionId: string | null;

  @Column({ name: 'dec_req_key', type: 'varchar', length: 255, nullable: true })
  decisionRequirementsDefinitionKey: string | null;

  @IdColumn('tenant_id') tenantId: string | null;
}
