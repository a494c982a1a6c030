import { likeToGlob } from '../util/like-pattern';
import { BadUserRequestError } from '../errors';

/** Placeholder factory of the caller's SQL dialect: pushes the value, returns its placeholder. */
export type Param = (value: unknown) => string;

/**
 * "The variable row `alias` holds this value", with Camunda's variable-query equality over the typed
 * value columns (engine/variables/variable-columns.ts): strings compare the text column of String
 * variables, numbers any integer or double variable, booleans and dates their long encoding, and
 * null matches a variable without a value. Values only ever travel as parameters.
 */
export function variableEqualsSql(alias: string, value: unknown, param: Param): string {
  const col = (name: string) => `${alias}.${name}`;
  if (value === null || value === undefined) {
    return `(${col('var_type')} = 'null' OR (${col('text_value')} IS NULL AND ${col('long_value')} IS NULL AND ${col('double_value')} IS NULL AND ${col('bytes_value')} IS NULL))`;
  }
  if (typeof value === 'string') return `(${col('var_type')} = 'string' AND ${col('text_value')} = ${param(value)})`;
  if (typeof value === 'number') {
    return `((${col('var_type')} IN ('integer', 'long', 'short') AND ${col('long_value')} = ${param(value)}) OR (${col('var_type')} = 'double' AND ${col('double_value')} = ${param(value)}))`;
  }
  if (typeof value === 'boolean')
    return `(${col('var_type')} = 'boolean' AND ${col('long_value')} = ${param(value ? 1 : 0)})`;
  throw new BadUserRequestError(
    `Process variable values must be strings, numbers, booleans or null: ${JSON.stringify(value)}`,
  );
}

/** `column LIKE pattern` with the same case-sensitive meaning on both databases (SQLite's LIKE ignores case, GLOB does not). */
export function likeSql(column: string, pattern: string, param: Param, sqlite: boolean): string {
  if (!sqlite) return `${column} LIKE ${param(pattern)}`;
  return `${column} GLOB ${param(likeToGlob(pattern))}`;
}
