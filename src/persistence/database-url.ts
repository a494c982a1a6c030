import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { checkpointInBackground, SqliteConnection } from './sqlite-checkpointer';

export type DatabaseKind = 'sqlite' | 'mysql';

export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('mysql://') || url.startsWith('mariadb://')) return 'mysql';
  throw new Error(`DATABASE_URL must start with sqlite:, mysql:// or mariadb:// (got '${url}')`);
}

/** `sqlite::memory:`, `sqlite:./data/x.sqlite`, `sqlite:///abs/x.sqlite` → a file path or `:memory:`. */
export function sqlitePath(url: string): string {
  const rest = url.slice('sqlite:'.length);
  if (rest === ':memory:' || rest === '//:memory:') return ':memory:';
  return rest.startsWith('//') ? rest.slice(2) : rest;
}

/** Connection options (without entities and migrations) for a database URL. */
export function connectionOptions(url: string, logging = false): DataSourceOptions {
  if (databaseKind(url) === 'sqlite') {
    const database = sqlitePath(url);
    if (database !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(database)), { recursive: true });
    return {
      type: 'better-sqlite3',
      database,
      logging,
      // WAL lets readers proceed while the single writer commits; NORMAL is durable across process crashes.
      prepareDatabase: (db: SqliteConnection) => {
        db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.pragma('foreign_keys = ON');
        db.pragma('busy_timeout = 5000');
        // Every unit of a group commit after the first runs in a savepoint, whose journal (the original of each
        // page the unit changes, a few hundred KB) went to a temporary file past 64 KB: a file created, written
        // and deleted per unit (15 % of the event loop's samples in a profile of the long external-task loop, 2-5 %
        // on fresh databases). In memory it is dropped at RELEASE. Sorts that no index serves (GROUP BY over a
        // large history, CREATE INDEX in a migration) hold their rows in memory too.
        db.pragma('temp_store = MEMORY');
        checkpointInBackground(db);
      },
    };
  }
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  return {
    type: 'mysql',
    host: u.hostname,
    port: Number(u.port || 3306),
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.replace(/^\//, ''),
    timezone: 'Z',
    charset: 'utf8mb4_bin',
    supportBigNumbers: true,
    bigNumberStrings: false,
    poolSize: Number(u.searchParams.get('poolSize') ?? 10),
    // mysql2 captures a stack trace for every query to decorate a possible error with the caller's frames:
    // about a twentieth of the server's CPU on a fetch/complete cycle. Driver errors are answered without
    // stacks anyway, and a 5xx is logged with the stack of the code that met it.
    extra: { trace: false },
    // A unit of work's writes go in one query (WriteBatch): one round trip instead of one per statement.
    // Safe only because no SQL text is built from caller input: values are always bound parameters
    // (escaped by the driver), identifiers come from entity metadata or fixed maps looked up by own keys.
    multipleStatements: true,
    logging,
  };
}
