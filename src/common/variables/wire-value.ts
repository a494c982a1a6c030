import { BadUserRequestError } from '../../engine/errors';
import { formatDate, parseDate } from '../../engine/util/camunda-date';
import { plainValue, TypedValue, untypedValue, ValueTypeName } from '../../engine/variables/typed-value';
import { fromColumns, VariableColumns } from '../../engine/variables/variable-columns';

/**
 * Typed values in Camunda's REST format `{value, type, valueInfo}`: type names as Java spells them,
 * dates as text, bytes as base64, and the conversion errors Camunda's resources answer with.
 */
const JAVA_CLASS: Partial<Record<ValueTypeName, string>> = {
  integer: 'java.lang.Integer',
  long: 'java.lang.Long',
  short: 'java.lang.Short',
  double: 'java.lang.Double',
  boolean: 'java.lang.Boolean',
  date: 'java.util.Date',
};

const TYPE_NAMES: readonly ValueTypeName[] = [
  'string',
  'integer',
  'long',
  'short',
  'double',
  'boolean',
  'date',
  'null',
  'bytes',
  'file',
  'object',
  'json',
  'xml',
];

/** Wire-level conversion problems: Camunda answers them with 400 InvalidRequestException. */
export class VariableValueError extends BadUserRequestError {
  readonly type = 'InvalidRequestException';
}

export class UnsupportedValueTypeError extends BadUserRequestError {
  readonly type = 'RestException';
  constructor(typeName: string) {
    super(`Unsupported value type '${typeName}'`);
  }
}

/** `String` on the wire for `string` inside. */
export function wireTypeName(type: ValueTypeName): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** Clients send `String`, `string`, `json`... Camunda lower-cases the first letter; we accept any case. */
export function resolveTypeName(name: string): ValueTypeName | undefined {
  const lower = name.toLowerCase() as ValueTypeName;
  return TYPE_NAMES.includes(lower) ? lower : undefined;
}

function conversionError(value: unknown, type: ValueTypeName): VariableValueError {
  const shown = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return new VariableValueError(
    `Cannot convert value '${shown}' of type '${wireTypeName(type)}' to java type ${JAVA_CLASS[type] ?? 'java.lang.Object'}`,
  );
}

function toInteger(value: unknown, type: ValueTypeName, min: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw conversionError(value, type);
  return n;
}

function toBuffer(value: unknown, type: ValueTypeName): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === 'string') return Buffer.from(value, 'base64');
  if (value == null) return Buffer.alloc(0);
  throw conversionError(value, type);
}

function serializedText(value: unknown, type: ValueTypeName): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value;
  throw new VariableValueError(
    `Must provide 'null' or String value for value of SerializableValue type '${wireTypeName(type)}'.`,
  );
}

/**
 * A value as it arrives in `{value, type, valueInfo}`. Without a type the JSON value decides,
 * as in Camunda; objects and arrays become JSON-serialized Object values.
 */
export function typedValueFromWire(
  typeName: string | null | undefined,
  value: unknown,
  valueInfo: Record<string, unknown> | null | undefined,
): TypedValue {
  const info = { ...(valueInfo ?? {}) };
  if (typeName == null || typeName === '') return untypedValue(value);
  const type = resolveTypeName(typeName);
  if (!type) throw new UnsupportedValueTypeError(typeName);
  switch (type) {
    case 'string':
      if (value != null && typeof value === 'object') throw conversionError(value, type);
      return { type, value: value == null ? null : String(value), valueInfo: info };
    case 'integer':
      return { type, value: value == null ? null : toInteger(value, type, -(2 ** 31), 2 ** 31 - 1), valueInfo: info };
    case 'short':
      return { type, value: value == null ? null : toInteger(value, type, -32768, 32767), valueInfo: info };
    case 'long':
      return {
        type,
        value: value == null ? null : toInteger(value, type, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
        valueInfo: info,
      };
    case 'double': {
      if (value == null) return { type, value: null, valueInfo: info };
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (Number.isNaN(n)) throw conversionError(value, type);
      return { type, value: n, valueInfo: info };
    }
    case 'boolean':
      if (value == null || typeof value === 'boolean') return { type, value, valueInfo: info };
      if (value === 'true' || value === 'false') return { type, value: value === 'true', valueInfo: info };
      throw conversionError(value, type);
    case 'date': {
      if (value == null) return { type, value: null, valueInfo: info };
      const date = value instanceof Date ? value : typeof value === 'string' ? parseDate(value) : null;
      if (!date) throw conversionError(value, type);
      return { type, value: date, valueInfo: info };
    }
    case 'null':
      return { type, value: null, valueInfo: info };
    case 'bytes':
      return { type, value: toBuffer(value, type), valueInfo: info };
    case 'file': {
      if (typeof info.filename !== 'string' || info.filename === '') {
        throw new VariableValueError(
          'Cannot create file without filename! Please set a name into ValueInfo with key filename',
        );
      }
      return { type, value: toBuffer(value, type), valueInfo: info };
    }
    case 'object':
      return { type, value: serializedText(value, type), valueInfo: info };
    case 'json':
    case 'xml':
      return { type, value: serializedText(value, type), valueInfo: info };
  }
}

export interface WireValue {
  type: string;
  value: unknown;
  valueInfo: Record<string, unknown>;
}

/** `{value, type, valueInfo}` as Camunda renders it; `deserialize` decides how serializable types come out. */
export function typedValueToWire(tv: TypedValue, deserialize = true): WireValue {
  const type = wireTypeName(tv.type);
  switch (tv.type) {
    case 'date':
      return { type, value: formatDate(tv.value as Date | null), valueInfo: tv.valueInfo };
    case 'bytes':
      return {
        type,
        value: tv.value == null ? null : (tv.value as Buffer).toString('base64'),
        valueInfo: tv.valueInfo,
      };
    case 'file':
      return { type, value: null, valueInfo: fileValueInfo(tv.valueInfo) };
    case 'object':
      return {
        type,
        value: deserialize ? plainValue(tv) : tv.value,
        valueInfo: {
          objectTypeName: tv.valueInfo.objectTypeName ?? null,
          serializationDataFormat: tv.valueInfo.serializationDataFormat ?? null,
        },
      };
    default:
      return { type, value: tv.value, valueInfo: tv.valueInfo };
  }
}

function fileValueInfo(info: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { filename: info.filename };
  const mimeType = info.mimeType ?? info.mimetype;
  if (mimeType) out.mimeType = mimeType;
  if (info.encoding) out.encoding = info.encoding;
  return out;
}

/**
 * A variable row's value on the wire. `fetchBinary: false` is Camunda's `disableBinaryFetching`, which its
 * variable instance resources set on lists and single gets: a Bytes value comes out as `null` there and only
 * `.../data` hands out the content.
 */
export function variableRowToWire(
  row: VariableColumns,
  options: { deserialize: boolean; fetchBinary: boolean },
): WireValue {
  const tv = fromColumns(row);
  if (!options.fetchBinary && tv.type === 'bytes') return typedValueToWire({ ...tv, value: null });
  return typedValueToWire(tv, options.deserialize);
}
