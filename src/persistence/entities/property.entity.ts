import { Column, Entity, PrimaryColumn } from 'typeorm';
import { RevisionColumn } from '../columns';

/** Engine-wide properties; the `deployment.lock` row serialises deployments across instances. */
@Entity('act_ge_property')
export class PropertyEntity {
  @PrimaryColumn({ name: 'name', type: 'varchar', length: 64 })
  name: string;

  @Column({ name: 'value', type: 'varchar', length: 300, nullable: true })
  value: string | null;

  @RevisionColumn()
  rev: number;
}
