import { formatDate } from '../util/camunda-date';
import { BinaryOperator } from './expression-ast';
import { isHostObject } from './expression-context';
import { ElFailure, javaClassOf } from './expression-failure';

/**
 * JUEL's type coercions (EL 2.2 spec section 1.18) on JavaScript values. JavaScript has one number
 * type, so "Long" means an integral number and "Double" any other; a string takes the Double path
 * when it contains '.', 'e' or 'E', exactly as JUEL decides.
 */
const LONG_TEXT = /^[+-]?\d+$/;
const DOUBLE_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?\s*$/;

function coerceFailure(value: unknown, target: string): ElFailure {
  return typeof value === 'string'
    ? new ElFailure('evaluation', `Cannot coerce '${value}' to class ${target}`)
    : new ElFailure('evaluation', `Cannot coerce from ${javaClassOf(value)} to class ${target}`);
}

const isDoubleish = (v: unknown) =>
  (typeof v === 'number' && !Number.isInteger(v)) || (typeof v === 'string' && /[.eE]/.test(v));

export function coerceToLong(value: unknown): number {
  if (value == null || value === '') return 0;
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'string' && LONG_TEXT.test(value)) return Number(value);
  throw coerceFailure(value, 'java.lang.Long');
}

export function coerceToDouble(value: unknown): number {
  if (value == null || value === '') return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && DOUBLE_TEXT.test(value)) return Number(value.trim().replace(/[dDfF]$/, ''));
  throw coerceFailure(value, 'java.lang.Double');
}

export function coerceToBoolean(value: unknown): boolean {
  if (value == null || value === '') return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.toLowerCase() === 'true';
  throw coerceFailure(value, 'java.lang.Boolean');
}

/** How composite templates and string comparisons render a value. */
export function coerceToString(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return formatDate(value) ?? '';
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (isHostObject(value)) {
    const text = value.invoke('toString', []);
    return text.found ? String(text.value) : value.className;
  }
  return JSON.stringify(value);
}

export function arithmetic(op: '+' | '-' | '*' | '/' | '%', a: unknown, b: unknown): number {
  if (a == null && b == null) return 0;
  if (op === '/') return coerceToDouble(a) / coerceToDouble(b);
  const double = isDoubleish(a) || isDoubleish(b);
  const x = double ? coerceToDouble(a) : coerceToLong(a);
  const y = double ? coerceToDouble(b) : coerceToLong(b);
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '%':
      if (!double && y === 0) throw new ElFailure('evaluation', '/ by zero');
      return x % y;
  }
}

export function negate(value: unknown): number {
  if (value == null) return 0;
  return isDoubleish(value) ? -coerceToDouble(value) : -coerceToLong(value);
}

/** -1, 0 or 1; numbers win over strings, so `'10' > 9` compares numerically as in JUEL. */
function compare(a: unknown, b: unknown): number {
  const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);
  if (typeof a === 'number' || typeof b === 'number') {
    // JUEL would take the Long path for '1.5' < 2 and fail; comparing as doubles is the useful reading
    const double = isDoubleish(a) || isDoubleish(b);
    return double ? sign(coerceToDouble(a) - coerceToDouble(b)) : sign(coerceToLong(a) - coerceToLong(b));
  }
  if (typeof a === 'string' || typeof b === 'string') {
    const x = coerceToString(a);
    const y = coerceToString(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (a instanceof Date && b instanceof Date) return sign(a.getTime() - b.getTime());
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  throw new ElFailure('evaluation', `Cannot compare values of ${javaClassOf(a)} and ${javaClassOf(b)}`);
}

export function equals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null || b == null) return false;
  if (typeof a === 'number' || typeof b === 'number') {
    return isDoubleish(a) || isDoubleish(b)
      ? coerceToDouble(a) === coerceToDouble(b)
      : coerceToLong(a) === coerceToLong(b);
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return coerceToBoolean(a) === coerceToBoolean(b);
  if (typeof a === 'string' || typeof b === 'string') return coerceToString(a) === coerceToString(b);
  return javaEquals(a, b);
}

/** Object.equals for the values variables can hold: dates by instant, lists and maps by content. */
export function javaEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null || b == null || typeof a !== typeof b) return false;
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (Buffer.isBuffer(a)) return Buffer.isBuffer(b) && a.equals(b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => javaEquals(x, b[i]));
  if (typeof a === 'object' && !Array.isArray(b)) {
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    return (
      ka.length === kb.length &&
      ka.every((k) => Object.hasOwn(b as object, k) && javaEquals((a as never)[k], (b as never)[k]))
    );
  }
  return false;
}

export function relational(op: BinaryOperator, a: unknown, b: unknown): boolean {
  switch (op) {
    case '==':
      return equals(a, b);
    case '!=':
      return !equals(a, b);
  }
  if (a == null && b == null) return op === '<=' || op === '>=';
  if (a == null || b == null) return false;
  const c = compare(a, b);
  switch (op) {
    case '<':
      return c < 0;
    case '>':
      return c > 0;
    case '<=':
      return c <= 0;
    case '>=':
      return c >= 0;
    default:
      throw new Error(`not a relational operator: ${op}`);
  }
}

export function isEmpty(value: unknown): boolean {
  if (value == null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Map) return value.size === 0;
  if (typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value))
    return Object.keys(value).length === 0;
  return false;
}
