import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

/** One changed property of an operation a user did (Camunda's act_hi_op_log); one operation id groups its entries. */
@Entity('act_hi_op_log')
export class UserOperationLogEntryEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @IdColumn('deployment_id') deploymentId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('task_id') taskId: string | null;
  @IdColumn('job_id') jobId: string | null;
  @IdColumn('job_def_id') jobDefinitionId: string | null;
  @IdColumn('batch_id') batchId: string | null;
  @IdColumn('ext_task_id') externalTaskId: string | null;

  @Column({ name: 'user_id', type: 'varchar', length: 255, nullable: true })
  userId: string | null;

  @TimestampColumn('timestamp', { nullable: false }) timestamp: Date;
  @IdColumn('operation_id') operationId: string | null;

  @Column({ name: 'operation_type', type: 'varchar', length: 64, nullable: true })
  operationType: string | null;

  @Column({ name: 'entity_type', type: 'varchar', length: 30, nullable: true })
  entityType: string | null;

  @Column({ name: 'property', type: 'varchar', length: 64, nullable: true })
  property: string | null;

  @Column({ name: 'org_value', type: 'varchar', length: 4000, nullable: true })
  orgValue: string | null;

  @Column({ name: 'new_value', type: 'varchar', length: 4000, nullable: true })
  newValue: string | null;

  @IdColumn('tenant_id') tenantId: string | null;

  @Column({ name: 'category', type: 'varchar', length: 64, nullable: true })
  category: string | null;

  @Column({ name: 'annotation', type: 'varchar', length: 4000, nullable: true })
  annotation: string | null;

  @TimestampColumn('removal_time') removalTime: Date | null;
}
