import { DataSource, Logger } from 'typeorm';

/** Records every statement `ds` runs into `statements` (still logging it as before); returns the array. */
export function recordStatements(ds: DataSource, statements: string[] = []): string[] {
  const original = ds.logger;
  const recording: Logger = {
    logQuery: (query, parameters, runner) => {
      statements.push(query);
      original.logQuery(query, parameters, runner);
    },
    logQueryError: (...args) => original.logQueryError(...args),
    logQuerySlow: (...args) => original.logQuerySlow(...args),
    logSchemaBuild: (...args) => original.logSchemaBuild(...args),
    logMigration: (...args) => original.logMigration(...args),
    log: (...args) => original.log(...args),
  };
  Object.defineProperty(ds, 'logger', { value: recording });
  return statements;
}

/**
 * The statements among `queries` that are not transaction control: on MySQL/MariaDB, BEGIN and COMMIT ride along
 * with other statements (src/persistence/ride-along.ts) and are taken off those queries here.
 */
export function withoutTransactionControl(queries: string[]): string[] {
  return queries
    .map((q) =>
      q
        .trim()
        .replace(/^START TRANSACTION;\n/, '')
        .replace(/;\nCOMMIT$/, ''),
    )
    .filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|START TRANSACTION|SAVEPOINT|RELEASE)/i.test(q));
}
