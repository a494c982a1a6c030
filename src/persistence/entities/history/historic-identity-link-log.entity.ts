import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

/**
 * One change of who a task is given to (history level full, Camunda's act_hi_identitylink): a candidate user or group,
 * the assignee or the owner added or removed. `proc_inst_id` is not Camunda's: it lets the history of an instance go
 * with the instance like the other tables under it.
 */
@Entity('act_hi_identitylink')
export class HistoricIdentityLinkLogEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @TimestampColumn('timestamp') time: Date;

  @Column({ name: 'type', type: 'varchar', length: 255, nullable: true })
  type: string | null;

  @Column({ name: 'user_id', type: 'varchar', length: 255, nullable: true })
  userId: string | null;

  @Column({ name: 'group_id', type: 'varchar', length: 255, nullable: true })
  groupId: string | null;

  @IdColumn('task_id') taskId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string | null;

  /** `add` or `delete`. */
  @Column({ name: 'operation_type', type: 'varchar', length: 64, nullable: true })
  operationType: string | null;

  @Column({ name: 'assigner_id', type: 'varchar', length: 64, nullable: true })
  assignerId: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @TimestampColumn('removal_time') removalTime: Date | null;
}
