import { CompiledDecision } from './decision-compiler';
import { DecisionModel, InputDataModel } from './dmn-model';
import { ParseProblems } from './parse-problems';

/**
 * Links decisions to the decisions and input data they require. Each decision gets its evaluation
 * order: every transitive requirement once, requirements before the decisions that need them.
 */
export function linkDecisions(
  compiled: CompiledDecision[],
  inputDataById: ReadonlyMap<string, InputDataModel>,
  problems: ParseProblems,
): DecisionModel[] {
  const byKey = new Map(compiled.map((d) => [d.key, d]));
  for (const d of compiled) {
    for (const required of d.requiredDecisionKeys) {
      if (!byKey.has(required))
        problems.error(`Decision '${d.key}' requires the decision '${required}', which the model does not contain`, [
          d.key,
        ]);
    }
  }
  const cyclic = new Set<string>();
  return compiled.map((d) => {
    const evaluationOrder = orderOf(d.key, byKey, cyclic, problems);
    const inputIds = new Set(evaluationOrder.flatMap((k) => byKey.get(k)?.requiredInputIds ?? []));
    const { requiredInputIds: _ignored, ...decision } = d;
    return {
      ...decision,
      evaluationOrder,
      inputData: [...inputIds].map((id) => inputDataById.get(id)).filter((i): i is InputDataModel => i !== undefined),
    };
  });
}

function orderOf(
  root: string,
  byKey: ReadonlyMap<string, CompiledDecision>,
  cyclic: Set<string>,
  problems: ParseProblems,
): string[] {
  const order: string[] = [];
  const done = new Set<string>();
  const onPath = new Set<string>();
  const visit = (key: string): void => {
    if (done.has(key)) return;
    if (onPath.has(key)) {
      if (!cyclic.has(key))
        problems.error(`Decision '${key}' requires itself through its required decisions (a cycle)`, [key]);
      cyclic.add(key);
      return;
    }
    const decision = byKey.get(key);
    if (!decision) return;
    onPath.add(key);
    for (const required of decision.requiredDecisionKeys) visit(required);
    onPath.delete(key);
    done.add(key);
    order.push(key);
  };
  visit(root);
  return order;
}
