import { RestError } from '../errors/rest-error';

/**
 * Reads JSON request bodies the way Camunda's Jackson mapping does: scalars coerce to strings, numeric
 * strings to integers, and anything of the wrong shape is a 400 instead of reaching the engine
 * (where it would hash an object as a password or store a number in a text column).
 */
export type JsonObject = Record<string, unknown>;

function wrongType(name: string, expected: string, value: unknown): RestError {
  return new RestError(400, `Cannot deserialize property '${name}' with value ${JSON.stringify(value)}: expected ${expected}`);
}

/** The body itself, or a nested object in it; null and absent become null. */
export function objectOrNull(value: unknown, name = 'body'): JsonObject | null {
  if (value == null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw wrongType(name, 'an object', value);
  return value as JsonObject;
}

export function stringOrNull(obj: JsonObject | null, name: string): string | null {
  const value = obj?.[name];
  if (value == null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw wrongType(name, 'a string', value);
}

export function integerOrNull(obj: JsonObject | null, name: string): number | null {
  const value = obj?.[name];
  if (value == null) return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || Math.abs(n) > 2 ** 31 - 1) throw wrongType(name, 'an integer', value);
  return n;
}

export function stringArrayOrNull(obj: JsonObject | null, name: string): string[] | null {
  const value = obj?.[name];
  if (value == null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw wrongType(name, 'an array of strings', value);
  return value;
}
