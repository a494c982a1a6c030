import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../columns';

const NUMBER = { to: (v: unknown) => v, from: (v: unknown) => (v == null ? null : Number(v)) };

/** One reported count of a metric (Camunda's act_ru_meter_log): what one reporter counted in one interval. */
@Entity('act_ru_meter_log')
export class MeterLogEntity {
  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'name', type: 'varchar', length: 64 })
  name: string;

  @Column({ name: 'reporter', type: 'varchar', length: 255, nullable: true })
  reporter: string | null;

  @Column({ name: 'value', type: 'bigint', nullable: true, transformer: NUMBER })
  value: number;

  @TimestampColumn('timestamp') timestamp: Date;

  /** The timestamp as epoch milliseconds, which the interval queries group by. */
  @Column({ name: 'milliseconds', type: 'bigint', nullable: true, default: 0, transformer: NUMBER })
  milliseconds: number;
}
