import { plainValue, TypedValue } from '../variables/typed-value';

/** Pushes a parameter, returns its placeholder. */
export type Param = (value: unknown) => string;

/**
 * "The variable row `v` has this value", over the typed value columns: strings compare the text
 * column, numbers any integer or double column, booleans and dates their long encoding, null a
 * variable without value. Values only travel as parameters.
 */
export function variableEqualsSql(v: string, value: TypedValue, param: Param): string {
  const plain = value.type === 'date' ? value.value : plainValue(value);
  if (plain == null)
    return `(${v}.var_type = 'null' OR (${v}.text_value IS NULL AND ${v}.long_value IS NULL AND ${v}.double_value IS NULL AND ${v}.bytes_value IS NULL))`;
  if (plain instanceof Date) return `(${v}.var_type = 'date' AND ${v}.long_value = ${param(plain.getTime())})`;
  if (typeof plain === 'string') return `(${v}.var_type = 'string' AND ${v}.text_value = ${param(plain)})`;
  if (typeof plain === 'boolean') return `(${v}.var_type = 'boolean' AND ${v}.long_value = ${param(plain ? 1 : 0)})`;
  if (typeof plain === 'number') {
    return `((${v}.var_type IN ('integer', 'long', 'short') AND ${v}.long_value = ${param(plain)}) OR (${v}.var_type = 'double' AND ${v}.double_value = ${param(plain)}))`;
  }
  return `(${v}.text_value = ${param(String(value.value))})`;
}
