import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn } from '../../columns';

/**
 * What jobs of one kind at one activity of a deployed process share (Camunda's act_ru_jobdef): created at deployment,
 * suspended and given an overriding priority as a whole.
 */
@Entity('act_ru_jobdef')
export class JobDefinitionEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @IdColumn('proc_def_id') processDefinitionId: string | null;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @Column({ name: 'act_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  /** The handler type of its jobs (`async-continuation`, `timer-transition`, ...). */
  @Column({ name: 'job_type', type: 'varchar', length: 255 })
  jobType: string;

  @Column({ name: 'job_configuration', type: 'varchar', length: 255, nullable: true })
  jobConfiguration: string | null;

  @Column({ name: 'suspension_state', type: 'int', default: 1 })
  suspensionState: number;

  /** Overrides the priority of the jobs created from now on; null: the model's priority applies. */
  @Column({
    name: 'job_priority',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => (v == null ? null : Number(v)) },
  })
  overridingJobPriority: number | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @IdColumn('deployment_id') deploymentId: string | null;
}
