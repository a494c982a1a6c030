import { coerceToLong, coerceToString, isEmpty, javaEquals } from './expression-coercion';
import { ElFailure, javaClassOf } from './expression-failure';
import { isHostObject, Lookup } from './expression-context';
import { SPIN_METHODS, SpinJsonNode } from './spin-json-host-object';

/**
 * Property and method access on plain values. Maps (plain objects) answer any key, missing ones
 * with null, as Java maps do; lists answer indexes. Methods are a short hand-written whitelist of
 * the java.lang/java.util calls Camunda models commonly use; nothing is looked up dynamically, so
 * `constructor`, `__proto__` and friends are simply absent.
 */
export function readProperty(base: unknown, property: unknown): unknown {
  if (base == null) return null;
  const name = coerceToString(property);
  if (isHostObject(base)) {
    const found = base.property(name);
    if (!found.found) throw new ElFailure('unknownProperty', `Could not find property ${name} in ${base.className}`);
    return found.value;
  }
  if (Array.isArray(base)) {
    if (property == null) return null;
    let index: number;
    try {
      index = coerceToLong(property);
    } catch {
      throw new ElFailure('unknownProperty', `Could not find property ${name} in ${javaClassOf(base)}`);
    }
    return index >= 0 && index < base.length ? base[index] : null;
  }
  if (base instanceof Map) return base.has(property) ? base.get(property) : null;
  if (isMapLike(base)) {
    const value = Object.hasOwn(base, name) ? (base as Record<string, unknown>)[name] : null;
    return typeof value === 'function' ? null : value;
  }
  throw new ElFailure('unknownProperty', `Could not find property ${name} in ${javaClassOf(base)}`);
}

function isMapLike(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Date) && !Buffer.isBuffer(value);
}

type Method = (self: never, args: unknown[]) => unknown;
interface MethodTable {
  [name: string]: { arity: number; call: Method } | undefined;
}

const str = (v: unknown) => coerceToString(v);

const STRING_METHODS: MethodTable = {
  length: { arity: 0, call: (s: string) => s.length },
  isEmpty: { arity: 0, call: (s: string) => s.length === 0 },
  equals: { arity: 1, call: (s: string, [o]) => s === o },
  equalsIgnoreCase: {
    arity: 1,
    call: (s: string, [o]) => typeof o === 'string' && s.toLowerCase() === o.toLowerCase(),
  },
  contains: { arity: 1, call: (s: string, [o]) => s.includes(str(o)) },
  startsWith: { arity: 1, call: (s: string, [o]) => s.startsWith(str(o)) },
  endsWith: { arity: 1, call: (s: string, [o]) => s.endsWith(str(o)) },
  indexOf: { arity: 1, call: (s: string, [o]) => s.indexOf(str(o)) },
  concat: { arity: 1, call: (s: string, [o]) => s + str(o) },
  toUpperCase: { arity: 0, call: (s: string) => s.toUpperCase() },
  toLowerCase: { arity: 0, call: (s: string) => s.toLowerCase() },
  trim: { arity: 0, call: (s: string) => s.trim() },
  substring: { arity: -1, call: (s: string, args) => substring(s, args) },
  replace: { arity: 2, call: (s: string, [a, b]) => s.split(str(a)).join(str(b)) },
  toString: { arity: 0, call: (s: string) => s },
};

const LIST_METHODS: MethodTable = {
  size: { arity: 0, call: (l: unknown[]) => l.length },
  isEmpty: { arity: 0, call: (l: unknown[]) => l.length === 0 },
  contains: { arity: 1, call: (l: unknown[], [o]) => l.some((x) => javaEquals(x, o)) },
  indexOf: { arity: 1, call: (l: unknown[], [o]) => l.findIndex((x) => javaEquals(x, o)) },
  get: { arity: 1, call: (l: unknown[], [i]) => listGet(l, i) },
  equals: { arity: 1, call: (l: unknown[], [o]) => javaEquals(l, o) },
};

const MAP_METHODS: MethodTable = {
  size: { arity: 0, call: (m: object) => Object.keys(m).length },
  isEmpty: { arity: 0, call: (m: object) => isEmpty(m) },
  containsKey: { arity: 1, call: (m: object, [k]) => Object.hasOwn(m, str(k)) },
  get: { arity: 1, call: (m: object, [k]) => readProperty(m, k) },
  equals: { arity: 1, call: (m: object, [o]) => javaEquals(m, o) },
};

const NUMBER_METHODS: MethodTable = {
  intValue: { arity: 0, call: (n: number) => Math.trunc(n) },
  longValue: { arity: 0, call: (n: number) => Math.trunc(n) },
  doubleValue: { arity: 0, call: (n: number) => n },
  equals: { arity: 1, call: (n: number, [o]) => n === o },
  toString: { arity: 0, call: (n: number) => String(n) },
};

const BOOLEAN_METHODS: MethodTable = {
  booleanValue: { arity: 0, call: (b: boolean) => b },
  equals: { arity: 1, call: (b: boolean, [o]) => b === o },
  toString: { arity: 0, call: (b: boolean) => String(b) },
};

const DATE_METHODS: MethodTable = {
  getTime: { arity: 0, call: (d: Date) => d.getTime() },
  before: { arity: 1, call: (d: Date, [o]) => o instanceof Date && d.getTime() < o.getTime() },
  after: { arity: 1, call: (d: Date, [o]) => o instanceof Date && d.getTime() > o.getTime() },
  equals: { arity: 1, call: (d: Date, [o]) => javaEquals(d, o) },
  toString: { arity: 0, call: (d: Date) => coerceToString(d) },
};

function tableFor(base: unknown): MethodTable | null {
  if (typeof base === 'string') return STRING_METHODS;
  if (typeof base === 'number') return NUMBER_METHODS;
  if (typeof base === 'boolean') return BOOLEAN_METHODS;
  if (base instanceof Date) return DATE_METHODS;
  if (Array.isArray(base)) return LIST_METHODS;
  if (isMapLike(base)) return MAP_METHODS;
  return null;
}

/** Invokes a whitelisted method; `baseSource` is the expression text of the target for null errors. */
export function invokeMethod(base: unknown, name: string, args: unknown[], baseSource: string): unknown {
  if (base == null) {
    throw new ElFailure('unknownProperty', `Target unreachable, base expression '${baseSource}' resolved to null`);
  }
  if (isHostObject(base)) {
    const result: Lookup = base.invoke(name, args);
    if (!result.found) throw methodNotFound(name, base.className);
    return result.value;
  }
  const table = tableFor(base);
  const method = table && Object.hasOwn(table, name) ? table[name] : undefined;
  if (!method && SPIN_METHODS.has(name) && (Array.isArray(base) || isMapLike(base))) {
    // A Json variable is parsed JSON here; Spin's methods on it act as on Camunda's Spin node.
    const spin = new SpinJsonNode(base).invoke(name, args);
    if (spin.found) return spin.value;
  }
  if (!method || (method.arity >= 0 && method.arity !== args.length)) throw methodNotFound(name, javaClassOf(base));
  return method.call(base as never, args);
}

export function methodNotFound(name: string, className: string): ElFailure {
  return new ElFailure('unknownMethod', `Cannot find method '${name}' in '${className}'`);
}

function substring(s: string, args: unknown[]): string {
  if (args.length < 1 || args.length > 2) throw methodNotFound('substring', 'class java.lang.String');
  const begin = coerceToLong(args[0]);
  const end = args.length === 2 ? coerceToLong(args[1]) : s.length;
  if (begin < 0 || end > s.length || begin > end) {
    throw new ElFailure('evaluation', `begin ${begin}, end ${end}, length ${s.length}`);
  }
  return s.slice(begin, end);
}

function listGet(list: unknown[], index: unknown): unknown {
  const i = coerceToLong(index);
  if (i < 0 || i >= list.length)
    throw new ElFailure('evaluation', `Index ${i} out of bounds for length ${list.length}`);
  return list[i];
}
