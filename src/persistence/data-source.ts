import 'reflect-metadata';
import { DataSource, DataSourceOptions } from 'typeorm';
import { connectionOptions } from './database-url';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { readCommittedSessions } from './mysql-sessions';

export function dataSourceOptions(databaseUrl: string, logging = false): DataSourceOptions {
  return {
    ...connectionOptions(databaseUrl, logging),
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsRun: false,
    synchronize: false,
  } as DataSourceOptions;
}

/** Creates, connects and migrates: every start brings the schema up to date on either database. */
export async function openDataSource(databaseUrl: string, logging = false): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(databaseUrl, logging));
  await ds.initialize();
  await readCommittedSessions(ds);
  await ds.runMigrations({ transaction: 'each' });
  return ds;
}
