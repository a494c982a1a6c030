import { parse } from 'lossless-json';

/**
 * Camunda reads an untyped variable value `{"value": 5.0}` with Jackson, which makes a JSON number with a fraction or
 * an exponent a Double and an integer an Integer (Long beyond int). JSON.parse gives 5 for both `5` and `5.0`, so the
 * untyped value would become an Integer. The raw text decides instead: a body whose text has a `"value"` number with
 * `.`, `e` or `E` is read once more, keeping which numbers were written that way, and such an untyped value gets the
 * type Double. Every other body (nearly all: integers, strings, typed values) costs one regular expression test.
 */
const FRACTIONAL_VALUE = /"value"\s*:\s*-?\d+[.eE]/;

/** A number whose JSON text had a fraction or an exponent, until the walk below turns it back into a number. */
class FractionalNumber {
  constructor(readonly value: number) {}
}

/** Whether the body text needs `retypeFractionalValues` (cheap: the body parser's buffer, tested once). */
export function hasFractionalValue(text: string): boolean {
  return FRACTIONAL_VALUE.test(text);
}

function parseNumber(text: string): unknown {
  const value = Number(text);
  return /[.eE]/.test(text) ? new FractionalNumber(value) : value;
}

function untyped(type: unknown): boolean {
  return type == null || type === '';
}

function settle(node: unknown): unknown {
  if (node instanceof FractionalNumber) return node.value;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) node[i] = settle(node[i]);
    return node;
  }
  if (typeof node === 'object' && node !== null) {
    const object = node as Record<string, unknown>;
    const fractionalValue = object.value instanceof FractionalNumber;
    for (const key of Object.keys(object)) {
      const value = settle(object[key]);
      // An own `__proto__` key (as JSON.parse makes it) must not reach the prototype setter.
      if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true });
      else object[key] = value;
    }
    if (fractionalValue && untyped(object.type)) object.type = 'Double';
    return object;
  }
  return node;
}

/**
 * The body read again from its text, with `type: "Double"` on every untyped `{value}` whose number was written with a
 * fraction or an exponent; everything else as JSON.parse reads it (duplicate keys: the last one wins).
 */
export function retypeFractionalValues(text: string): unknown {
  return settle(parse(text, null, { parseNumber, onDuplicateKey: ({ newValue }) => newValue }));
}
