import { JsonObject, JsonType, UNREADABLE, wrongType } from '../http/json-body';
import { RestError } from '../errors/rest-error';

/**
 * The hot-path body reader. class-validator and class-transformer cost about a tenth of a millisecond
 * per request (metadata lookups, promise chains), which is measurable on fetchAndLock, complete and
 * evaluate. A class marked `@LeanBody()` is read here instead, from the rules the body field
 * decorators record beside their class-validator rules, with the same coercions, the same answers
 * and the same first-error order; test/common/lean-body.spec.ts holds both readers to that.
 */

type BodyClass = new () => object;

export interface FieldRule {
  property: string;
  type: JsonType<unknown>;
  /** The message when null or absent; none: the engine reports a missing value itself. */
  required?: string;
  /** A nested body class: its rules apply to the object, or to each element when `each`. */
  nested?: () => BodyClass;
  each?: boolean;
}

const RULES = new WeakMap<object, FieldRule[]>();
const LEAN = new WeakSet<object>();

/** Recorded by the field decorators of body-fields.ts. */
export function recordFieldRule(rule: Omit<FieldRule, 'property'>): PropertyDecorator {
  return (target, property) => {
    const owner = target.constructor;
    const rules = RULES.get(owner) ?? [];
    rules.push({ ...rule, property: String(property) });
    RULES.set(owner, rules);
  };
}

/** Reads this body class with the lean reader (only where a hot path measurably needs it). */
export function LeanBody(): ClassDecorator {
  return (target) => {
    if (RULES.has(Object.getPrototypeOf(target)))
      throw new Error(`@LeanBody(): ${target.name} inherits body fields, which the lean reader does not read`);
    LEAN.add(target);
  };
}

export function isLeanBody(type: unknown): type is BodyClass {
  return typeof type === 'function' && LEAN.has(type);
}

/** The keys Nest's ValidationPipe strips from a body before it becomes an instance. */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function childPath(parent: string, property: string): string {
  return parent ? `${parent}.${property}` : property;
}

/** The rules the body field decorators recorded for a class (the null-means-absent table test reads them too). */
export function fieldRulesOf(type: object): readonly FieldRule[] {
  return RULES.get(type) ?? [];
}

/**
 * Jackson reads `null` for an optional property as if it were absent (the Python worker client sends
 * `"sorting": null` in every fetchAndLock), so null optional properties are dropped before any rule looks at them,
 * in nested bodies too; a property whose absence the REST layer refuses keeps its null for that rule to name.
 */
export function dropNullOptionals(type: BodyClass, plain: JsonObject, deep = true): void {
  for (const rule of RULES.get(type) ?? []) {
    const value = plain[rule.property];
    if (value === null) {
      if (!rule.required) delete plain[rule.property];
    } else if (deep && rule.nested && value !== undefined) {
      const nested = rule.nested();
      if (!rule.each) {
        if (isPlainObject(value)) dropNullOptionals(nested, value);
      } else if (Array.isArray(value)) for (const e of value) if (isPlainObject(e)) dropNullOptionals(nested, e);
    }
  }
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function instanceOf(type: BodyClass, plain: JsonObject, path: string): object {
  const out = new type() as JsonObject;
  for (const key of Object.keys(plain)) if (!UNSAFE_KEYS.has(key)) out[key] = plain[key];
  // Nested bodies drop theirs when they are read in turn.
  dropNullOptionals(type, out, false);
  for (const rule of RULES.get(type) ?? []) {
    const broken = readField(out, rule, childPath(path, rule.property));
    if (broken) throw broken;
  }
  return out;
}

function readField(out: JsonObject, rule: FieldRule, path: string): RestError | null {
  const value = out[rule.property];
  if (value == null) return rule.required ? new RestError(400, rule.required) : null;
  if (rule.nested) {
    if (rule.type.read(value) === UNREADABLE) return wrongType(path, rule.type.expected, value);
    const nested = rule.nested();
    out[rule.property] = rule.each
      ? (value as JsonObject[]).map((e, i) => instanceOf(nested, e, `${path}[${i}]`))
      : instanceOf(nested, value as JsonObject, path);
    return null;
  }
  const read = rule.type.read(value);
  if (read === UNREADABLE) return wrongType(path, rule.type.expected, value);
  out[rule.property] = read;
  return null;
}

/** The body as an instance of `type`, coerced; throws the first broken rule's Camunda answer. */
export function readLeanBody(type: BodyClass, body: JsonObject | null): object {
  return instanceOf(type, body ?? {}, '');
}
