import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../columns';

/** ACT_HI_INCIDENT.INCIDENT_STATE_ values (Camunda's IncidentState). */
export const IncidentState = { OPEN: 0, DELETED: 1, RESOLVED: 2 } as const;

/** One row per incident (history level full); id = the runtime incident's id. */
@Entity('act_hi_incident')
export class HistoricIncidentEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'proc_def_key', type: 'varchar', length: 255, nullable: true })
  processDefinitionKey: string | null;

  @IdColumn('proc_def_id') processDefinitionId: string | null;
  @IdColumn('root_proc_inst_id') rootProcessInstanceId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;
  @IdColumn('execution_id') executionId: string | null;

  @TimestampColumn('create_time') createTime: Date;
  @TimestampColumn('end_time') endTime: Date | null;

  @Column({ name: 'incident_msg', type: 'varchar', length: 4000, nullable: true })
  incidentMessage: string | null;

  @Column({ name: 'incident_type', type: 'varchar', length: 255 })
  incidentType: string;

  @Column({ name: 'activity_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  @Column({ name: 'failed_activity_id', type: 'varchar', length: 255, nullable: true })
  failedActivityId: string | null;

  @IdColumn('cause_incident_id') causeIncidentId: string | null;
  @IdColumn('root_cause_incident_id') rootCauseIncidentId: string | null;

  @Column({ name: 'configuration', type: 'varchar', length: 255, nullable: true })
  configuration: string | null;

  @Column({ name: 'history_configuration', type: 'varchar', length: 255, nullable: true })
  historyConfiguration: string | null;

  @Column({ name: 'incident_state', type: 'int', nullable: true })
  incidentState: number | null;

  @IdColumn('tenant_id') tenantId: string | null;
  @IdColumn('job_def_id') jobDefinitionId: string | null;

  @Column({ name: 'annotation', type: 'varchar', length: 4000, nullable: true })
  annotation: string | null;

  @TimestampColumn('removal_time') removalTime: Date | null;
}
