import { RestError } from '../errors/rest-error';

/**
 * Reads JSON request bodies the way Camunda's Jackson mapping does: scalars coerce to strings, numeric
 * strings to integers, and anything of the wrong shape is a 400 instead of reaching the engine
 * (where it would hash an object as a password or store a number in a text column). The body
 * field decorators (common/validation) check and coerce with these types.
 */
export type JsonObject = Record<string, unknown>;

/** Marks a value the JSON type cannot read (null and absent are handled before). */
export const UNREADABLE = Symbol('unreadable');

export interface JsonType<T> {
  /** Completes "expected ..." in the message for a value of the wrong type. */
  expected: string;
  read(value: unknown): T | typeof UNREADABLE;
}

function integerText(value: unknown): number {
  return typeof value === 'number'
    ? value
    : typeof value === 'string' && /^-?\d+$/.test(value.trim())
      ? Number(value)
      : NaN;
}

export const JSON_STRING: JsonType<string> = {
  expected: 'a string',
  read: (v) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : UNREADABLE),
};

/** Java `int`. */
export const JSON_INTEGER: JsonType<number> = {
  expected: 'an integer',
  read: (v) => {
    const n = integerText(v);
    return Number.isInteger(n) && Math.abs(n) <= 2 ** 31 - 1 ? n : UNREADABLE;
  },
};

/** Java `long`, as far as a JavaScript number holds it exactly. */
export const JSON_LONG: JsonType<number> = {
  expected: 'an integer',
  read: (v) => {
    const n = integerText(v);
    return Number.isSafeInteger(n) ? n : UNREADABLE;
  },
};

export const JSON_BOOLEAN: JsonType<boolean> = {
  expected: 'a boolean',
  read: (v) => (typeof v === 'boolean' ? v : v === 'true' || v === 'false' ? v === 'true' : UNREADABLE),
};

export const JSON_STRING_ARRAY: JsonType<string[]> = {
  expected: 'an array of strings',
  read: (v) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : UNREADABLE),
};

export const JSON_OBJECT: JsonType<JsonObject> = {
  expected: 'an object',
  read: (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : UNREADABLE),
};

export function wrongType(name: string, expected: string, value: unknown): RestError {
  return new RestError(
    400,
    `Cannot deserialize property '${name}' with value ${JSON.stringify(value)}: expected ${expected}`,
  );
}

/** A value read as `type`; null and absent become null. */
export function readJson<T>(type: JsonType<T>, value: unknown, name: string): T | null {
  if (value == null) return null;
  const read = type.read(value);
  if (read === UNREADABLE) throw wrongType(name, type.expected, value);
  return read;
}

/** The body itself, or a nested object in it; null and absent become null. */
export function objectOrNull(value: unknown, name = 'body'): JsonObject | null {
  return readJson(JSON_OBJECT, value, name);
}
