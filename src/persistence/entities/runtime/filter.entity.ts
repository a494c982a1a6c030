import { Column, Entity, PrimaryColumn } from 'typeorm';
import { RevisionColumn } from '../../columns';

/** Saved queries (Camunda's act_ru_filter): the query and properties as JSON text. */
@Entity('act_ru_filter')
export class FilterEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'resource_type', type: 'varchar', length: 255 })
  resourceType: string;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'owner', type: 'varchar', length: 255, nullable: true })
  owner: string | null;

  @Column({ name: 'query', type: 'text' })
  query: string;

  @Column({ name: 'properties', type: 'text', nullable: true })
  properties: string | null;
}
