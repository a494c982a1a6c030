import { Column, Entity, PrimaryColumn } from 'typeorm';
import { RevisionColumn } from '../../columns';

@Entity('act_id_tenant')
export class TenantEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'name', type: 'varchar', length: 255, nullable: true })
  name: string | null;
}
