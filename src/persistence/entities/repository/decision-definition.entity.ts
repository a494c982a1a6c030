import { Column, Entity } from 'typeorm';
import { DefinitionColumns } from './definition-columns';

@Entity('act_re_decision_def')
export class DecisionDefinitionEntity extends DefinitionColumns {
  @Column({ name: 'dec_req_id', type: 'varchar', length: 64, nullable: true })
  decisionRequirementsDefinitionId: string | null;

  @Column({ name: 'dec_req_key', type: 'varchar', length: 255, nullable: true })
  decisionRequirementsDefinitionKey: string | null;

  @Column({ name: 'history_ttl', type: 'int', nullable: true })
  historyTimeToLive: number | null;

  @Column({ name: 'version_tag', type: 'varchar', length: 64, nullable: true })
  versionTag: string | null;
}
