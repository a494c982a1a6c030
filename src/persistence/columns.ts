import { Column, ColumnOptions } from 'typeorm';

/**
 * Column shapes shared by every entity, so that both databases get the same storage:
 * UTC timestamps with milliseconds (MySQL DATETIME(3)), optimistic-locking revisions, ids.
 */
export const ID_LENGTH = 64;

export function IdColumn(name: string, options: ColumnOptions = {}): PropertyDecorator {
  return Column({ name, type: 'varchar', length: ID_LENGTH, nullable: true, ...options });
}

export function TimestampColumn(name: string, options: ColumnOptions = {}): PropertyDecorator {
  return Column({ name, type: 'datetime', precision: 3, nullable: true, ...options });
}

export function RevisionColumn(): PropertyDecorator {
  return Column({ name: 'rev', type: 'int', default: 1 });
}

/** Unbounded bytes: LONGBLOB on MySQL, BLOB on SQLite. */
export function BytesColumn(name: string, options: ColumnOptions = {}): PropertyDecorator {
  return Column({ name, type: 'blob', nullable: true, ...options });
}
