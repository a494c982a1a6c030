import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

@Entity('act_ru_task')
export class TaskEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('act_inst_id') activityInstanceId: string | null;

  @Column({ name: 'name', type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @IdColumn('parent_task_id') parentTaskId: string | null;

  @Column({ name: 'description', type: 'varchar', length: 4000, nullable: true })
  description: string | null;

  @Column({ name: 'task_def_key', type: 'varchar', length: 255, nullable: true })
  taskDefinitionKey: string | null;

  @Column({ name: 'owner', type: 'varchar', length: 255, nullable: true })
  owner: string | null;

  @Column({ name: 'assignee', type: 'varchar', length: 255, nullable: true })
  assignee: string | null;

  @Column({ name: 'delegation', type: 'varchar', length: 64, nullable: true })
  delegationState: string | null;

  @Column({ name: 'priority', type: 'int', default: 50 })
  priority: number;

  @TimestampColumn('create_time') createTime: Date;
  @TimestampColumn('last_updated') lastUpdated: Date | null;
  @TimestampColumn('due_date') dueDate: Date | null;
  @TimestampColumn('follow_up_date') followUpDate: Date | null;

  @Column({ name: 'suspension_state', type: 'int', default: 1 })
  suspensionState: number;

  @Column({ name: 'form_key', type: 'varchar', length: 255, nullable: true })
  formKey: string | null;

  @IdColumn('tenant_id') tenantId: string | null;
}
