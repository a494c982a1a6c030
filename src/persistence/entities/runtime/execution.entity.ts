import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

/**
 * One node of a process instance's execution tree: the instance itself (id = processInstanceId),
 * scope executions (sub-processes, activities with boundary events, multi-instance bodies) and
 * concurrent executions (parallel branches).
 */
@Entity('act_ru_execution')
export class ExecutionEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string;

  @Column({ name: 'business_key', type: 'varchar', length: 255, nullable: true })
  businessKey: string | null;

  @IdColumn('parent_id') parentId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  /** The call activity execution that started this instance (sub process instances). */
  @IdColumn('super_exec') superExecutionId: string | null;

  @Column({ name: 'act_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  @IdColumn('act_inst_id') activityInstanceId: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'is_concurrent', type: 'boolean', default: false })
  isConcurrent: boolean;

  @Column({ name: 'is_scope', type: 'boolean', default: true })
  isScope: boolean;

  @Column({ name: 'is_event_scope', type: 'boolean', default: false })
  isEventScope: boolean;

  /** 1 active, 2 suspended. */
  @Column({ name: 'suspension_state', type: 'int', default: 1 })
  suspensionState: number;

  @Column({
    name: 'sequence_counter',
    type: 'bigint',
    default: 1,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => Number(v) },
  })
  sequenceCounter: number;

  @IdColumn('tenant_id') tenantId: string | null;

  @TimestampColumn('start_time') startTime: Date | null;
}
