import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../columns';

@Entity('act_re_deployment')
export class DeploymentEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'name', type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @TimestampColumn('deploy_time')
  deploymentTime: Date;

  @Column({ name: 'source', type: 'varchar', length: 255, nullable: true })
  source: string | null;

  @Column({ name: 'tenant_id', type: 'varchar', length: 64, nullable: true })
  tenantId: string | null;
}
