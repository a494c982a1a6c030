import { JSON_NODE, JsonNodeValue, plainValue, TypedValue } from '../variables/typed-value';
import { HOST_OBJECT, HostObject, Lookup } from './expression-context';
import { ElFailure } from './expression-failure';

function typeName(v: unknown): string {
  if (v === null) return 'Null';
  if (Array.isArray(v)) return 'Array';
  return typeof v === 'object'
    ? 'Object'
    : typeof v === 'string'
      ? 'String'
      : typeof v === 'number'
        ? 'Number'
        : 'Boolean';
}

function expected(type: string, v: unknown): ElFailure {
  return new ElFailure('evaluation', `SPIN/JACKSON-JSON-01002 Expected '${type}', got '${typeName(v)}'`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A JSON value as Camunda's Spin gives it to expressions (`S(...)`, `JSON(...)`, and the Spin methods
 * called on a Json variable): prop, hasProp, elements, stringValue... Only these methods, listed by
 * hand. A variable set from one (a multi-instance element of `${list.elements()}`) is stored as Json.
 */
export class SpinJsonNode implements HostObject, JsonNodeValue {
  readonly [HOST_OBJECT] = true as const;
  readonly [JSON_NODE] = true as const;
  readonly className = 'class org.camunda.spin.impl.json.jackson.JacksonJsonNode';

  constructor(readonly json: unknown) {}

  /** `S(text)` parses; any other value is taken as it is. */
  static of(value: unknown): SpinJsonNode {
    if (value instanceof SpinJsonNode) return value;
    if (typeof value === 'string') {
      try {
        return new SpinJsonNode(JSON.parse(value));
      } catch (e) {
        throw new ElFailure(
          'evaluation',
          `SPIN/JACKSON-JSON-01004 Unable to parse input into json node: ${(e as Error).message}`,
        );
      }
    }
    return new SpinJsonNode(value ?? null);
  }

  property(name: string): Lookup {
    return isObject(this.json) && Object.hasOwn(this.json, name)
      ? { found: true, value: new SpinJsonNode(this.json[name]) }
      : { found: false };
  }

  invoke(method: string, args: readonly unknown[]): Lookup {
    const v = this.json;
    const answer = (value: unknown): Lookup => ({ found: true, value });
    if (args.length === 1 && (method === 'prop' || method === 'hasProp')) {
      const name = String(args[0]);
      const has = isObject(v) && Object.hasOwn(v, name);
      if (method === 'hasProp') return answer(has);
      if (!has) throw new ElFailure('evaluation', `SPIN/JACKSON-JSON-01004 Unable to find '${name}'`);
      return answer(new SpinJsonNode((v as Record<string, unknown>)[name]));
    }
    if (args.length !== 0) return { found: false };
    switch (method) {
      case 'elements':
        if (!Array.isArray(v)) throw expected('Array', v);
        return answer(v.map((e) => new SpinJsonNode(e)));
      case 'fieldNames':
        return answer(isObject(v) ? Object.keys(v) : []);
      case 'stringValue':
        if (typeof v !== 'string') throw expected('String', v);
        return answer(v);
      case 'numberValue':
        if (typeof v !== 'number') throw expected('Number', v);
        return answer(v);
      case 'boolValue':
        if (typeof v !== 'boolean') throw expected('Boolean', v);
        return answer(v);
      case 'isNull':
        return answer(v === null);
      case 'isArray':
        return answer(Array.isArray(v));
      case 'isObject':
        return answer(isObject(v));
      case 'isString':
        return answer(typeof v === 'string');
      case 'isNumber':
        return answer(typeof v === 'number');
      case 'isBoolean':
        return answer(typeof v === 'boolean');
      case 'isValue':
        return answer(v === null || typeof v !== 'object');
      case 'value':
        return answer(v);
      case 'toString':
        return answer(JSON.stringify(v));
    }
    return { found: false };
  }
}

/** The Spin methods a Json variable answers in expressions (its plain value answers property access as before). */
export const SPIN_METHODS: ReadonlySet<string> = new Set([
  'prop',
  'hasProp',
  'elements',
  'fieldNames',
  'stringValue',
  'numberValue',
  'boolValue',
  'isNull',
  'isArray',
  'isObject',
  'isString',
  'isNumber',
  'isBoolean',
  'isValue',
  'value',
]);

/**
 * A variable as expressions see it. A Json variable holding a single value (a number, a string, a boolean: a
 * multi-instance element of `${list.elements()}`) is Camunda's Spin node, so that `${score.numberValue()}` works;
 * objects and arrays stay parsed JSON, whose properties expressions read and on which Spin's methods act as well.
 */
export function expressionValue(tv: TypedValue): unknown {
  const value = plainValue(tv);
  if (tv.type === 'json' && value !== null && typeof value !== 'object') return new SpinJsonNode(value);
  return value;
}
