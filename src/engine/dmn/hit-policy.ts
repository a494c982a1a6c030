import { TypedValue, untypedValue } from '../variables/typed-value';
import { DecisionTableLogic, OutputClauseModel, RuleModel } from './dmn-model';
import { EvaluationFailure } from './evaluation-failure';
import { describeValue } from './value-conversion';

export interface OutputValue {
  output: OutputClauseModel;
  /** The value as FEEL sees it (after the typeRef conversion). */
  feel: unknown;
  typed: TypedValue;
}

/** One matched rule (or the default outputs, with rule null) and its non-empty output entries. */
export interface Hit {
  rule: RuleModel | null;
  values: OutputValue[];
}

export interface AggregateResult {
  feel: unknown;
  typed: TypedValue;
  /** The aggregated number for history (collectResultValue). */
  number: number | null;
  /** The result's name: the output the aggregated values came from. */
  outputName: string;
}

/** Picks the hits the table's hit policy returns; output entries are evaluated only for rules that need them. */
export function applyHitPolicy(
  table: DecisionTableLogic,
  matched: RuleModel[],
  hitOf: (rule: RuleModel) => Hit,
): Hit[] {
  switch (table.hitPolicy) {
    case 'UNIQUE':
      if (matched.length > 1) {
        throw new EvaluationFailure(
          `hit policy 'UNIQUE' only allows a single rule to match, but ${matched.length} rules matched: ${ruleNames(matched)}`,
        );
      }
      return matched.map(hitOf);
    case 'FIRST':
      return matched.slice(0, 1).map(hitOf);
    case 'ANY': {
      const hits = matched.map(hitOf);
      const differing = hits.find((h) => !sameOutputs(h, hits[0]));
      if (differing) {
        throw new EvaluationFailure(
          `hit policy 'ANY' requires all matching rules to have equal outputs, but rules ${ruleNames(matched)} matched with different outputs`,
        );
      }
      return hits.slice(0, 1);
    }
    case 'PRIORITY':
      return byPriority(table, matched.map(hitOf)).slice(0, 1);
    case 'OUTPUT ORDER':
      return byPriority(table, matched.map(hitOf));
    default:
      return matched.map(hitOf);
  }
}

/**
 * COLLECT with SUM, MIN, MAX or COUNT over the one output value of each matched rule; empty output entries
 * do not count. A table with several outputs deploys (as in Camunda) and aggregates as long as every matched
 * rule fills at most one of them; a rule with more fails the evaluation, as Camunda's does.
 */
export function aggregate(table: DecisionTableLogic, hits: Hit[]): AggregateResult {
  const compound = hits.find((h) => h.values.length > 1);
  if (compound) {
    const names = compound.values.map((v) => v.output.name).join("', '");
    throw new EvaluationFailure(
      `unable to execute aggregation '${table.aggregation}' on the compound output ('${names}') of rule '${compound.rule?.id ?? compound.rule?.order ?? 'default'}': only one output value is allowed`,
    );
  }
  const entries = hits.map((h) => h.values[0]).filter((v): v is OutputValue => v !== undefined);
  const output = entries[0]?.output ?? table.outputs[0];
  return { ...aggregateValues(table, output, entries), outputName: output.name };
}

function aggregateValues(
  table: DecisionTableLogic,
  output: OutputClauseModel,
  entries: OutputValue[],
): Omit<AggregateResult, 'outputName'> {
  if (table.aggregation === 'COUNT') {
    return {
      feel: entries.length,
      typed: { type: 'integer', value: entries.length, valueInfo: {} },
      number: entries.length,
    };
  }
  const present = entries.filter((e) => e.feel !== null && e.feel !== undefined);
  if (!present.length) return { feel: null, typed: untypedValue(null), number: null };
  const numeric = present.every((e) => typeof e.feel === 'number');
  const textual = present.every((e) => typeof e.feel === 'string');
  if (!numeric && !(textual && table.aggregation !== 'SUM')) {
    const bad = present.find((e) => typeof e.feel !== 'number') ?? present[0];
    throw new EvaluationFailure(
      `unable to execute collect aggregation ${table.aggregation} on the value '${describeValue(bad.feel)}' of output '${output.name}'`,
    );
  }
  if (table.aggregation === 'SUM') {
    const sum = present.reduce((total, e) => total + (e.feel as number), 0);
    const integral = present.every((e) => e.typed.type === 'integer' || e.typed.type === 'long');
    return {
      feel: sum,
      typed: integral ? untypedValue(sum) : { type: 'double', value: sum, valueInfo: {} },
      number: sum,
    };
  }
  const lessThan = (a: OutputValue, b: OutputValue) => (a.feel as number | string) < (b.feel as number | string);
  const pick = present.reduce((best, e) =>
    (table.aggregation === 'MIN' ? lessThan(e, best) : lessThan(best, e)) ? e : best,
  );
  return { feel: pick.feel, typed: pick.typed, number: typeof pick.feel === 'number' ? pick.feel : null };
}

function ruleNames(rules: RuleModel[]): string {
  return rules.map((r) => `'${r.id ?? `rule ${r.order}`}'`).join(', ');
}

function sameOutputs(a: Hit, b: Hit): boolean {
  return (
    a.values.length === b.values.length &&
    a.values.every((v, i) => v.output === b.values[i].output && sameValue(v.feel, b.values[i].feel))
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

// Output values list the outputs from highest to lowest priority; the first output decides first.
function byPriority(table: DecisionTableLogic, hits: Hit[]): Hit[] {
  const ranked = table.outputs.filter((o) => o.priorities !== null);
  if (!ranked.length) return hits;
  const rank = (hit: Hit, output: OutputClauseModel) => {
    const value = hit.values.find((v) => v.output === output);
    const at = value === undefined ? -1 : output.priorities!.findIndex((p) => sameValue(p, value.feel));
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  return [...hits].sort((x, y) => {
    for (const output of ranked) {
      const diff = rank(x, output) - rank(y, output);
      if (diff !== 0) return diff;
    }
    return 0;
  });
}
