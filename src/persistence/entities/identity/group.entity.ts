import { Column, Entity, PrimaryColumn } from 'typeorm';
import { RevisionColumn } from '../../columns';

@Entity('act_id_group')
export class GroupEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'name', type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @Column({ name: 'type', type: 'varchar', length: 255, nullable: true })
  type: string | null;
}
