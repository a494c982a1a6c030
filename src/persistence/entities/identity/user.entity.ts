import { Column, Entity, PrimaryColumn } from 'typeorm';
import { RevisionColumn, TimestampColumn } from '../../columns';

@Entity('act_id_user')
export class UserEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @RevisionColumn()
  rev: number;

  @Column({ name: 'first', type: 'varchar', length: 255, nullable: true })
  firstName: string | null;

  @Column({ name: 'last', type: 'varchar', length: 255, nullable: true })
  lastName: string | null;

  @Column({ name: 'email', type: 'varchar', length: 255, nullable: true })
  email: string | null;

  /** `scrypt$N$r$p$<salt b64>$<hash b64>`; never the password itself. */
  @Column({ name: 'pwd', type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  /** Failed password checks since the last successful one (Camunda's login throttling). */
  @Column({ name: 'attempts', type: 'int', default: 0 })
  attempts: number;

  /** Until when password checks fail without looking at the password; null: not locked for a while. */
  @TimestampColumn('lock_exp_time')
  lockExpirationTime: Date | null;
}
