import { TypedValue } from '../variables/typed-value';
import { EvaluationFailure } from './evaluation-failure';
import { CompiledFeelExpression, CompiledUnaryTests, FeelContext } from './feel-expression';
import { TypeDefinition } from './type-ref';
import { convertValue, describeValue, typedResult } from './value-conversion';

// Each step of turning a clause's FEEL into a checked, typed value; failures name the clause (`what`).

export function evaluate(expression: CompiledFeelExpression | null, context: FeelContext, what: string): unknown {
  try {
    return expression ? expression.evaluate(context) : null;
  } catch (err) {
    throw new EvaluationFailure(`${what}: ${(err as Error).message}`);
  }
}

export function convert(value: unknown, type: TypeDefinition, what: string): unknown {
  try {
    return convertValue(value, type);
  } catch (err) {
    throw new EvaluationFailure(`${what}: ${(err as Error).message}`);
  }
}

export function typed(value: unknown, type: TypeDefinition, what: string): TypedValue {
  try {
    return typedResult(value, type);
  } catch (err) {
    throw new EvaluationFailure(`${what}: ${(err as Error).message}`);
  }
}

/** Null passes: a missing value is not a value outside the list. */
export function checkAllowed(
  value: unknown,
  allowed: CompiledUnaryTests | null,
  context: FeelContext,
  what: string,
  listName: string,
): void {
  if (!allowed || value === null || value === undefined) return;
  let ok: boolean;
  try {
    ok = allowed.test(value, () => ({ ...context, '?': value }));
  } catch (err) {
    throw new EvaluationFailure(`${what}: ${(err as Error).message}`);
  }
  if (!ok)
    throw new EvaluationFailure(
      `${what}: the value '${describeValue(value)}' is not one of the ${listName} ${allowed.text.trim()}`,
    );
}
