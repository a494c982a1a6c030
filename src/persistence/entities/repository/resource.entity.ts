import { Column, Entity, PrimaryColumn } from 'typeorm';
import { BytesColumn, RevisionColumn, TimestampColumn } from '../../columns';

/** A deployed file (model, diagram or plain resource), byte for byte. */
@Entity('act_ge_bytearray')
export class ResourceEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'name', type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @Column({ name: 'deployment_id', type: 'varchar', length: 64, nullable: true })
  deploymentId: string | null;

  @BytesColumn('bytes')
  bytes: Buffer | null;

  @Column({ name: 'generated', type: 'boolean', default: false })
  generated: boolean;

  @Column({ name: 'tenant_id', type: 'varchar', length: 64, nullable: true })
  tenantId: string | null;

  /** 1 repository, 2 runtime, 3 history (Camunda's ResourceTypes). */
  @Column({ name: 'type', type: 'int', nullable: true })
  type: number | null;

  @TimestampColumn('create_time')
  createTime: Date | null;
}
