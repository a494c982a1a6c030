import { DecisionEvaluationError, EngineError } from '../errors';
import type { DecisionModel } from './dmn-model';

/** A problem inside one decision's logic; the evaluator turns it into a DecisionEvaluationError naming the decision. */
export class EvaluationFailure extends Error {}

export function decisionError(decision: DecisionModel, root: DecisionModel, cause: unknown): EngineError {
  if (cause instanceof EngineError) return cause;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const label =
    decision.name && decision.name !== decision.key ? `'${decision.name}' (${decision.key})` : `'${decision.key}'`;
  const requiredBy = decision === root ? '' : `, required by '${root.key}'`;
  return new DecisionEvaluationError(`Decision ${label}${requiredBy}: ${reason}`);
}
