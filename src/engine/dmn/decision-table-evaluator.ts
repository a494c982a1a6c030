import { TypedValue } from '../variables/typed-value';
import { DecisionTableLogic, InputClauseModel, OutputClauseModel, RuleModel } from './dmn-model';
import { checkAllowed, convert, evaluate, typed } from './clause-values';
import { EvaluationFailure } from './evaluation-failure';
import { CompiledFeelExpression, FeelContext } from './feel-expression';
import { AggregateResult, aggregate, applyHitPolicy, Hit, OutputValue } from './hit-policy';

export interface EvaluatedInput {
  clause: InputClauseModel;
  typed: TypedValue;
}

export interface TableOutcome {
  inputs: EvaluatedInput[];
  hits: Hit[];
  aggregate: AggregateResult | null;
}

export function evaluateDecisionTable(table: DecisionTableLogic, context: FeelContext): TableOutcome {
  const values = table.inputs.map((input, i) => inputValue(input, i, context));
  // Built only if some cell of that column names a variable, then shared by the column's cells.
  const cellContexts: Array<FeelContext | undefined> = [];
  const cellContext = table.inputs.map(
    (input, i) => () => (cellContexts[i] ??= { ...context, [input.inputVariable]: values[i], '?': values[i] }),
  );
  const matched = table.rules.filter((rule) => matches(rule, values, cellContext));
  const hits = applyHitPolicy(table, matched, (rule) => ruleHit(table, rule, context));
  if (!hits.length && table.hasDefaults) hits.push(defaultHit(table, context));
  return {
    inputs: table.inputs.map((clause, i) => ({ clause, typed: typed(values[i], clause.type, inputName(clause, i)) })),
    hits,
    aggregate: table.aggregation ? aggregate(table, hits) : null,
  };
}

function matches(rule: RuleModel, values: unknown[], cellContext: Array<() => FeelContext>): boolean {
  for (let i = 0; i < values.length; i++) {
    const entry = rule.inputEntries[i];
    if (entry.matchesAll) continue;
    try {
      if (!entry.test(values[i], cellContext[i])) return false;
    } catch (err) {
      throw new EvaluationFailure(`input entry ${i + 1} of rule '${rule.id ?? rule.order}': ${(err as Error).message}`);
    }
  }
  return true;
}

function inputValue(input: InputClauseModel, index: number, context: FeelContext): unknown {
  const name = inputName(input, index);
  const raw = evaluate(input.expression, context, `input '${name}'`);
  const value = convert(raw, input.type, `input '${name}'`);
  checkAllowed(value, input.allowedValues, context, `input '${name}'`, 'input values');
  checkAllowed(
    value,
    input.type.allowedValues,
    context,
    `input '${name}'`,
    `allowed values of type '${input.type.name}'`,
  );
  return value;
}

function ruleHit(table: DecisionTableLogic, rule: RuleModel, context: FeelContext): Hit {
  const values: OutputValue[] = [];
  table.outputs.forEach((output, o) => {
    const entry = rule.outputEntries[o];
    if (entry)
      values.push(outputValue(output, entry, context, `output '${output.name}' of rule '${rule.id ?? rule.order}'`));
  });
  return { rule, values };
}

function defaultHit(table: DecisionTableLogic, context: FeelContext): Hit {
  return {
    rule: null,
    values: table.outputs.map((output) =>
      outputValue(output, output.defaultValue, context, `default output '${output.name}'`),
    ),
  };
}

function outputValue(
  output: OutputClauseModel,
  entry: CompiledFeelExpression | null,
  context: FeelContext,
  what: string,
): OutputValue {
  const value = convert(evaluate(entry, context, what), output.type, what);
  checkAllowed(value, output.allowedValues, context, what, 'output values');
  checkAllowed(value, output.type.allowedValues, context, what, `allowed values of type '${output.type.name}'`);
  return { output, feel: value, typed: typed(value, output.type, what) };
}

function inputName(input: InputClauseModel, index: number): string {
  return input.label ?? input.expression?.text ?? input.id ?? `#${index + 1}`;
}
