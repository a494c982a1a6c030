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
