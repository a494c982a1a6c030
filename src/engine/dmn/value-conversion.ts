import { dateAndTime, FeelDate, FeelDateTime, FeelDuration, FeelTime, isFunction, parseDate, toFeel } from 'feelin';
import { parseDate as parseCamundaDate } from '../util/camunda-date';
import { TypedValue, untypedValue } from '../variables/typed-value';
import { TypeDefinition } from './type-ref';

/** A value that does not fit its clause's typeRef; the evaluator names the decision and clause. */
export class ValueConversionFailure extends Error {
  constructor(value: unknown, typeName: string) {
    super(`Invalid value '${describeValue(value)}' for clause with type '${typeName}'`);
  }
}

export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value) || (typeof value === 'object' && value.constructor === Object)) return JSON.stringify(value);
  return String(value);
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/** What a variable becomes in a FEEL context: dates turn into FEEL date-times (UTC). */
export function toFeelValue(plain: unknown): unknown {
  return toFeel(plain);
}

/** Converts a FEEL value to a clause's type (Camunda transforms input and output values the same way). */
export function convertValue(value: unknown, type: TypeDefinition): unknown {
  if (value === null || value === undefined) return null;
  const kind = type.kind;
  const typeName = type.name ?? kind ?? 'Any';
  switch (kind) {
    case null:
      return value;
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean' || isTemporal(value)) return String(value);
      throw new ValueConversionFailure(value, typeName);
    case 'integer':
    case 'long': {
      const n = toNumber(value, typeName);
      const [min, max] = kind === 'integer' ? [INT_MIN, INT_MAX] : [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
      if (!Number.isInteger(n) || n < min || n > max) throw new ValueConversionFailure(value, typeName);
      return n;
    }
    case 'double':
      return toNumber(value, typeName);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw new ValueConversionFailure(value, typeName);
    case 'date':
      return toFeelDate(value) ?? fail(value, typeName);
    case 'dateTime':
      return toFeelDateTime(value) ?? fail(value, typeName);
  }
}

/** The typed value of an already converted FEEL value: the typeRef decides, else the value itself. */
export function typedResult(value: unknown, type: TypeDefinition): TypedValue {
  if (value === null || value === undefined) return untypedValue(null);
  switch (type.kind) {
    case 'string':
    case 'integer':
    case 'long':
    case 'double':
    case 'boolean':
      return { type: type.kind, value, valueInfo: {} };
    default:
      return feelToTyped(value);
  }
}

/** untypedValue() for FEEL results: dates and date-times become Date values, times and durations text. */
export function feelToTyped(value: unknown): TypedValue {
  if (value instanceof FeelDate || value instanceof FeelDateTime) return untypedValue(toJsDate(value));
  if (value instanceof FeelTime || value instanceof FeelDuration) return untypedValue(value.toString());
  if (typeof value === 'function' || isFunction(value)) {
    throw new Error('a FEEL function cannot be a decision result');
  }
  return untypedValue(value);
}

export function toJsDate(value: FeelDate | FeelDateTime): Date {
  if (value instanceof FeelDate) return new Date(Date.UTC(value.year, value.month - 1, value.day));
  return new Date(value.unwrap().toZonedDateTime(value.zone ?? 'UTC').epochMilliseconds);
}

function isTemporal(value: unknown): boolean {
  return (
    value instanceof FeelDate ||
    value instanceof FeelDateTime ||
    value instanceof FeelTime ||
    value instanceof FeelDuration
  );
}

function toNumber(value: unknown, typeName: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  throw new ValueConversionFailure(value, typeName);
}

function toFeelDate(value: unknown): FeelDate | null {
  if (value instanceof FeelDate) return value;
  if (value instanceof FeelDateTime)
    return parseDate(`${pad(value.year, 4)}-${pad(value.month, 2)}-${pad(value.day, 2)}`);
  if (typeof value === 'string') {
    const date = safe(() => parseDate(value.trim()));
    if (date) return date;
    const dateTime = toFeelDateTime(value);
    return dateTime ? toFeelDate(dateTime) : null;
  }
  return null;
}

function toFeelDateTime(value: unknown): FeelDateTime | null {
  if (value instanceof FeelDateTime) return value;
  if (value instanceof FeelDate) return safe(() => dateAndTime(`${value.iso}T00:00:00Z`));
  if (typeof value !== 'string') return null;
  const camunda = parseCamundaDate(value);
  if (camunda) return toFeel(camunda) as FeelDateTime;
  return value.includes('T') ? safe(() => dateAndTime(value.trim())) : null;
}

function safe<T>(make: () => T | null): T | null {
  try {
    return make();
  } catch {
    return null;
  }
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function fail(value: unknown, typeName: string): never {
  throw new ValueConversionFailure(value, typeName);
}
