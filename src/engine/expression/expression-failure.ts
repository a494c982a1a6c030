import { ExpressionFailure } from '../errors';
import { isHostObject } from './expression-context';

/**
 * Raised inside tokenizer, parser and evaluator; the compiled expression turns it into an
 * ExpressionError whose message carries the whole expression text in Camunda's wording.
 */
export class ElFailure extends Error {
  constructor(
    readonly failure: ExpressionFailure,
    message: string,
  ) {
    super(message);
  }
}

export function syntaxFailure(position: number, encountered: string, expected: string): ElFailure {
  return new ElFailure(
    'syntax',
    `syntax error at position ${position}, encountered ${encountered}, expected ${expected}`,
  );
}

/** The Java class Camunda's messages would name for a value, e.g. `class java.lang.String`. */
export function javaClassOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return 'class java.lang.String';
  if (typeof value === 'boolean') return 'class java.lang.Boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'class java.lang.Long' : 'class java.lang.Double';
  if (value instanceof Date) return 'class java.util.Date';
  if (Array.isArray(value)) return 'class java.util.ArrayList';
  if (Buffer.isBuffer(value)) return 'class [B';
  if (isHostObject(value)) return value.className;
  return 'class java.util.LinkedHashMap';
}
