import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

@Entity('act_ru_incident')
export class IncidentEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @TimestampColumn('incident_timestamp') incidentTimestamp: Date;

  @Column({ name: 'incident_msg', type: 'varchar', length: 4000, nullable: true })
  incidentMessage: string | null;

  @Column({ name: 'incident_type', type: 'varchar', length: 255 })
  incidentType: string;

  @IdColumn('execution_id') executionId: string | null;

  @Column({ name: 'activity_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  @Column({ name: 'failed_activity_id', type: 'varchar', length: 255, nullable: true })
  failedActivityId: string | null;

  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('proc_def_id') processDefinitionId: string | null;
  @IdColumn('cause_incident_id') causeIncidentId: string | null;
  @IdColumn('root_cause_incident_id') rootCauseIncidentId: string | null;

  /** For failedExternalTask the external task id, for failedJob the job id. */
  @Column({ name: 'configuration', type: 'varchar', length: 255, nullable: true })
  configuration: string | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @IdColumn('job_def_id') jobDefinitionId: string | null;

  @Column({ name: 'annotation', type: 'varchar', length: 4000, nullable: true })
  annotation: string | null;
}
