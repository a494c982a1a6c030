import { NotFoundError } from '../errors';
import { plainValue, TypedValue, VariableMap } from '../variables/typed-value';
import { DecisionModel, DecisionTableLogic, DmnModel, LiteralExpressionLogic } from './dmn-model';
import { checkAllowed, convert, evaluate, typed } from './clause-values';
import { evaluateDecisionTable } from './decision-table-evaluator';
import { decisionError, EvaluationFailure } from './evaluation-failure';
import { FeelContext } from './feel-expression';
import { Hit } from './hit-policy';
import { toFeelValue } from './value-conversion';

export interface DecisionResult {
  /** The REST result: one row per matched rule / result, output name -> typed value. */
  rows: Array<Record<string, TypedValue>>;
  /** One per evaluated decision, required decisions first, the evaluated (root) decision last. */
  evaluations: DecisionEvaluation[];
}

export interface DecisionEvaluation {
  decisionKey: string;
  decisionName: string | null;
  inputs: Array<{ clauseId: string | null; clauseName: string | null; value: TypedValue }>;
  outputs: Array<{
    clauseId: string | null;
    clauseName: string | null;
    ruleId: string | null;
    ruleOrder: number | null;
    variableName: string;
    value: TypedValue;
  }>;
  /** The aggregated value for COLLECT with SUM/MIN/MAX/COUNT. */
  collectResultValue: number | null;
}

interface Outcome {
  rows: Array<Record<string, TypedValue>>;
  /** Rows as FEEL values, for Camunda's way of passing results on: by output name. */
  feelRows: Array<Record<string, unknown>>;
  /** Camunda passes the results of these tables on as lists, even with one row. */
  multiple: boolean;
  /** The decision's value in DMN terms, passed on under the decision's variable name. */
  value: unknown;
  evaluation: DecisionEvaluation;
}

/**
 * Evaluates a decision after the decisions it requires. Each required decision is evaluated once; its
 * result is visible to later decisions both as in Camunda 7 (by output name) and as in DMN (by the
 * decision's variable name, which wins).
 */
export function evaluateDecision(model: DmnModel, decisionKey: string, variables: VariableMap): DecisionResult {
  const root = model.decisionsByKey.get(decisionKey);
  if (!root) throw new NotFoundError(`no decision with key '${decisionKey}' in the DMN model '${model.drd.key}'`);
  const context = buildContext(root, variables);
  const evaluations: DecisionEvaluation[] = [];
  let rows: DecisionResult['rows'] = [];
  for (const key of root.evaluationOrder) {
    const decision = model.decisionsByKey.get(key)!;
    let outcome: Outcome;
    try {
      outcome = evaluateLogic(decision, context);
    } catch (err) {
      throw decisionError(decision, root, err);
    }
    evaluations.push(outcome.evaluation);
    if (decision === root) rows = outcome.rows;
    else passOn(context, decision, outcome);
  }
  return { rows, evaluations };
}

function buildContext(root: DecisionModel, variables: VariableMap): FeelContext {
  const context: FeelContext = {};
  for (const [name, value] of Object.entries(variables)) context[name] = toFeelValue(plainValue(value));
  try {
    for (const input of root.inputData) {
      if (context[input.name] === undefined || context[input.name] === null) continue;
      const what = `input data '${input.name}'`;
      context[input.name] = convert(context[input.name], input.type, what);
      checkAllowed(
        context[input.name],
        input.type.allowedValues,
        context,
        what,
        `allowed values of type '${input.type.name}'`,
      );
    }
  } catch (err) {
    throw decisionError(root, root, err);
  }
  return context;
}

function evaluateLogic(decision: DecisionModel, context: FeelContext): Outcome {
  switch (decision.logic.kind) {
    case 'literalExpression':
      return literalOutcome(decision, decision.logic, context);
    case 'decisionTable':
      return tableOutcome(decision, decision.logic, context);
    case 'unsupported':
      throw new EvaluationFailure(`cannot be evaluated: ${decision.logic.reason}`);
  }
}

function literalOutcome(decision: DecisionModel, logic: LiteralExpressionLogic, context: FeelContext): Outcome {
  const what = 'literal expression';
  const value = convert(evaluate(logic.expression, context, what), logic.type, what);
  checkAllowed(value, logic.type.allowedValues, context, what, `allowed values of type '${logic.type.name}'`);
  const result = typed(value, logic.type, what);
  const name = decision.variableName;
  return {
    rows: [{ [name]: result }],
    feelRows: [{ [name]: value }],
    multiple: false,
    value,
    evaluation: {
      decisionKey: decision.key,
      decisionName: decision.name,
      inputs: [],
      collectResultValue: null,
      outputs: [{ clauseId: null, clauseName: null, ruleId: null, ruleOrder: null, variableName: name, value: result }],
    },
  };
}

function tableOutcome(decision: DecisionModel, table: DecisionTableLogic, context: FeelContext): Outcome {
  const { inputs, hits, aggregate } = evaluateDecisionTable(table, context);
  const evaluation: DecisionEvaluation = {
    decisionKey: decision.key,
    decisionName: decision.name,
    inputs: inputs.map(({ clause, typed: value }) => ({ clauseId: clause.id, clauseName: clause.label, value })),
    outputs: hits.flatMap((hit) =>
      hit.values.map((v) => ({
        clauseId: v.output.id,
        clauseName: v.output.label,
        ruleId: hit.rule?.id ?? null,
        ruleOrder: hit.rule?.order ?? null,
        variableName: v.output.name,
        value: v.typed,
      })),
    ),
    collectResultValue: aggregate?.number ?? null,
  };
  if (aggregate) {
    const name = aggregate.outputName;
    return {
      rows: [{ [name]: aggregate.typed }],
      feelRows: [{ [name]: aggregate.feel }],
      multiple: false,
      value: aggregate.feel,
      evaluation,
    };
  }
  const single =
    table.hitPolicy === 'UNIQUE' ||
    table.hitPolicy === 'FIRST' ||
    table.hitPolicy === 'ANY' ||
    table.hitPolicy === 'PRIORITY';
  const values = hits.map((hit) => hitValue(table, hit));
  return {
    rows: hits.map((hit) => Object.fromEntries(hit.values.map((v) => [v.output.name, v.typed]))),
    feelRows: hits.map((hit) => Object.fromEntries(hit.values.map((v) => [v.output.name, v.feel]))),
    multiple: !single,
    value: single ? (values[0] ?? null) : values,
    evaluation,
  };
}

/** One output: its value; several: a context of all outputs (absent ones null). */
function hitValue(table: DecisionTableLogic, hit: Hit): unknown {
  const valueOf = (i: number) => hit.values.find((v) => v.output === table.outputs[i])?.feel ?? null;
  if (table.outputs.length === 1) return valueOf(0);
  return Object.fromEntries(table.outputs.map((o, i) => [o.name, valueOf(i)]));
}

function passOn(context: FeelContext, decision: DecisionModel, outcome: Outcome): void {
  const rows = outcome.feelRows;
  if (rows.length === 1 && !outcome.multiple) {
    Object.assign(context, rows[0]);
  } else if (rows.length) {
    const names = new Set(rows.flatMap((r) => Object.keys(r)));
    for (const name of names) context[name] = rows.map((r) => r[name] ?? null);
  }
  context[decision.variableName] = outcome.value;
}
