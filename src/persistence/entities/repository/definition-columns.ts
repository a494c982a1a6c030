import { Column, PrimaryColumn } from 'typeorm';
import { RevisionColumn } from '../../columns';

/** The columns every deployed definition table shares (process, decision, decision requirements). */
export abstract class DefinitionColumns {
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

  @Column({ name: 'tenant_id', type: 'varchar', length: 64, nullable: true })
  tenantId: string | null;
}
