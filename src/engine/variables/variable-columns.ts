import { TypedValue, ValueTypeName } from './typed-value';

/**
 * How a typed value is stored in the typed columns every variable-like table shares
 * (runtime variables, history details, decision inputs and outputs, external task payloads).
 */
export interface VariableColumns {
  type: string;
  textValue: string | null;
  text2Value: string | null;
  longValue: number | null;
  doubleValue: number | null;
  bytesValue: Buffer | null;
}

export function toColumns(tv: TypedValue): VariableColumns {
  const cols: VariableColumns = {
    type: tv.type,
    textValue: null,
    text2Value: null,
    longValue: null,
    doubleValue: null,
    bytesValue: null,
  };
  const v = tv.value;
  switch (tv.type) {
    case 'string':
      cols.textValue = v as string | null;
      break;
    case 'integer':
    case 'long':
    case 'short':
      cols.longValue = v as number | null;
      cols.textValue = v == null ? null : String(v);
      break;
    case 'double':
      cols.doubleValue = v as number | null;
      break;
    case 'boolean':
      cols.longValue = v == null ? null : v ? 1 : 0;
      break;
    case 'date':
      cols.longValue = v == null ? null : (v as Date).getTime();
      break;
    case 'null':
      break;
    case 'bytes':
      cols.bytesValue = v as Buffer | null;
      break;
    case 'file':
      cols.bytesValue = v as Buffer | null;
      cols.textValue = (tv.valueInfo.filename as string) ?? null;
      cols.text2Value = `${tv.valueInfo.mimeType ?? tv.valueInfo.mimetype ?? ''}#${tv.valueInfo.encoding ?? ''}`;
      break;
    case 'object':
      cols.bytesValue = v == null ? null : Buffer.from(v as string, 'utf8');
      cols.textValue = (tv.valueInfo.serializationDataFormat as string) ?? null;
      cols.text2Value = (tv.valueInfo.objectTypeName as string) ?? null;
      break;
    case 'json':
    case 'xml':
      cols.bytesValue = v == null ? null : Buffer.from(v as string, 'utf8');
      break;
  }
  return cols;
}

function num(value: unknown): number | null {
  return value == null ? null : Number(value);
}

function buffer(value: unknown): Buffer | null {
  if (value == null) return null;
  return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
}

export function fromColumns(cols: VariableColumns): TypedValue {
  const type = cols.type as ValueTypeName;
  switch (type) {
    case 'string':
      return { type, value: cols.textValue, valueInfo: {} };
    case 'integer':
    case 'long':
    case 'short':
      return { type, value: num(cols.longValue), valueInfo: {} };
    case 'double':
      return { type, value: num(cols.doubleValue), valueInfo: {} };
    case 'boolean':
      return { type, value: cols.longValue == null ? null : Number(cols.longValue) === 1, valueInfo: {} };
    case 'date':
      return { type, value: cols.longValue == null ? null : new Date(Number(cols.longValue)), valueInfo: {} };
    case 'bytes':
      return { type, value: buffer(cols.bytesValue), valueInfo: {} };
    case 'file': {
      const [mimeType, encoding] = (cols.text2Value ?? '#').split('#');
      const valueInfo: Record<string, unknown> = { filename: cols.textValue };
      if (mimeType) valueInfo.mimeType = mimeType;
      if (encoding) valueInfo.encoding = encoding;
      return { type, value: buffer(cols.bytesValue), valueInfo };
    }
    case 'object':
      return {
        type,
        value: buffer(cols.bytesValue)?.toString('utf8') ?? null,
        valueInfo: { objectTypeName: cols.text2Value, serializationDataFormat: cols.textValue },
      };
    case 'json':
    case 'xml':
      return { type, value: buffer(cols.bytesValue)?.toString('utf8') ?? null, valueInfo: {} };
    default:
      return { type: 'null', value: null, valueInfo: {} };
  }
}
