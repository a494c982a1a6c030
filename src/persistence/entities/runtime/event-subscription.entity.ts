import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IdColumn, RevisionColumn, TimestampColumn } from '../../columns';

/** A waiting message, signal, conditional or compensate event. */
@Entity('act_ru_event_subscr')
export class EventSubscriptionEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'event_type', type: 'varchar', length: 255 })
  eventType: string;

  @Column({ name: 'event_name', type: 'varchar', length: 255, nullable: true })
  eventName: string | null;

  @IdColumn('execution_id') executionId: string | null;
  @IdColumn('proc_inst_id') processInstanceId: string | null;

  @Column({ name: 'activity_id', type: 'varchar', length: 255, nullable: true })
  activityId: string | null;

  @Column({ name: 'configuration', type: 'varchar', length: 255, nullable: true })
  configuration: string | null;

  @TimestampColumn('created') created: Date;
  @IdColumn('tenant_id') tenantId: string | null;
}
