import { Column, Entity } from 'typeorm';
import { DefinitionColumns } from './definition-columns';
import { TimestampColumn } from '../../columns';

@Entity('act_re_procdef')
export class ProcessDefinitionEntity extends DefinitionColumns {
  @Column({ name: 'has_start_form_key', type: 'boolean', default: false })
  hasStartFormKey: boolean;

  /** 1 active, 2 suspended. */
  @Column({ name: 'suspension_state', type: 'int', default: 1 })
  suspensionState: number;

  /** Deployed with `deployment-activation-time`: suspended until this moment. */
  @TimestampColumn('activation_time')
  activationTime: Date | null;

  @Column({ name: 'version_tag', type: 'varchar', length: 64, nullable: true })
  versionTag: string | null;

  @Column({ name: 'history_ttl', type: 'int', nullable: true })
  historyTimeToLive: number | null;

  @Column({ name: 'startable', type: 'boolean', default: true })
  startable: boolean;
}
