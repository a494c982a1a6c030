import { Column } from 'typeorm';
import { BytesColumn } from '../../columns';

/** The typed value columns shared by every variable-like table (see engine/variables/variable-columns.ts). */
export abstract class VariableValueColumns {
  @Column({ name: 'var_type', type: 'varchar', length: 64 })
  type: string;

  @Column({ name: 'text_value', type: 'varchar', length: 4000, nullable: true })
  textValue: string | null;

  @Column({ name: 'text2_value', type: 'varchar', length: 4000, nullable: true })
  text2Value: string | null;

  @Column({
    name: 'long_value',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: unknown) => v, from: (v: unknown) => (v == null ? null : Number(v)) },
  })
  longValue: number | null;

  @Column({ name: 'double_value', type: 'double', nullable: true })
  doubleValue: number | null;

  @BytesColumn('bytes_value')
  bytesValue: Buffer | null;
}
