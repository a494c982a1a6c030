/**
 * Typed variable values as the engine holds them. Serializable types (object, json, xml) keep their
 * serialized text as `value`; bytes and files keep a Buffer.
 */
export type ValueTypeName =
  | 'string'
  | 'integer'
  | 'long'
  | 'short'
  | 'double'
  | 'boolean'
  | 'date'
  | 'null'
  | 'bytes'
  | 'file'
  | 'object'
  | 'json'
  | 'xml';

export interface TypedValue {
  type: ValueTypeName;
  value: unknown;
  valueInfo: Record<string, unknown>;
}

export type VariableMap = Record<string, TypedValue>;

/** Marks a Spin-like JSON node (expressions' `S(...)`, elements of a Json array): stored as a Json variable. */
export const JSON_NODE: unique symbol = Symbol('variables.jsonNode');

export interface JsonNodeValue {
  readonly [JSON_NODE]: true;
  readonly json: unknown;
}

function isJsonNode(value: unknown): value is JsonNodeValue {
  return typeof value === 'object' && value !== null && (value as Partial<JsonNodeValue>)[JSON_NODE] === true;
}

/** The engine's own conversion of a plain JavaScript value (expression and decision results, untyped input). */
export function untypedValue(value: unknown): TypedValue {
  if (value == null) return { type: 'null', value: null, valueInfo: {} };
  if (isJsonNode(value)) return { type: 'json', value: JSON.stringify(value.json), valueInfo: {} };
  if (typeof value === 'string') return { type: 'string', value, valueInfo: {} };
  if (typeof value === 'boolean') return { type: 'boolean', value, valueInfo: {} };
  if (typeof value === 'number') {
    if (Number.isInteger(value)) {
      return { type: value >= -(2 ** 31) && value < 2 ** 31 ? 'integer' : 'long', value, valueInfo: {} };
    }
    return { type: 'double', value, valueInfo: {} };
  }
  if (typeof value === 'bigint') return { type: 'long', value: Number(value), valueInfo: {} };
  if (value instanceof Date) return { type: 'date', value, valueInfo: {} };
  if (Buffer.isBuffer(value)) return { type: 'bytes', value, valueInfo: {} };
  return {
    type: 'object',
    value: JSON.stringify(value),
    valueInfo: {
      objectTypeName: Array.isArray(value) ? 'java.util.ArrayList' : 'java.util.LinkedHashMap',
      serializationDataFormat: 'application/json',
    },
  };
}

/** What expressions (JUEL, FEEL) see: numbers, strings, dates, parsed JSON. */
export function plainValue(tv: TypedValue): unknown {
  switch (tv.type) {
    case 'json':
      return tv.value == null ? null : safeJson(tv.value as string);
    case 'object':
      return tv.valueInfo.serializationDataFormat === 'application/json' && tv.value != null
        ? safeJson(tv.value as string)
        : tv.value;
    default:
      return tv.value;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
