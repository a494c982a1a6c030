import { Column, Entity, PrimaryColumn } from 'typeorm';
import { RevisionColumn, TimestampColumn } from '../../columns';

@Entity('act_re_procdef')
export class ProcessDefinitionEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'category', type: 'varchar', length: 255, nullable: true })
  category: string | null;

  @Column({ name: 'name', type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @Column({ name: 'key', type: 'varchar', length: 255 })
  key: string;

  @Column({ name: 'version', type: 'int' })
  version: number;

  @Column({ name: 'deployment_id', type: 'varchar', length: 64, nullable: true })
  deploymentId: string | null;

  @Column({ name: 'resource_name', type: 'varchar', length: 4000, nullable: true })
  resourceName: string | null;

  @Column({ name: 'dgrm_resource_name', type: 'varchar', length: 4000, nullable: true })
  diagramResourceName: string | null;

  @Column({ name: 'has_start_form_key', type: 'boolean', default: false })
  hasStartFormKey: boolean;

  /** 1 active, 2 suspended. */
  @Column({ name: 'suspension_state', type: 'int', default: 1 })
  suspensionState: number;

  /** Deployed with `deployment-activation-time`: suspended until this moment. */
  @TimestampColumn('activation_time')
  activationTime: Date | null;

  @Column({ name: 'tenant_id', type: 'varchar', length: 64, nullable: true })
  tenantId: string | null;

  @Column({ name: 'version_tag', type: 'varchar', length: 64, nullable: true })
  versionTag: string | null;

  @Column({ name: 'history_ttl', type: 'int', nullable: true })
  historyTimeToLive: number | null;

  @Column({ name: 'startable', type: 'boolean', default: true })
  startable: boolean;
}
