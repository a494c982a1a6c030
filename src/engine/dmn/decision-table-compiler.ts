import { CompileScope } from './compile-scope';
import { DmnDecisionTable, DmnOutputClause } from './dmn-elements';
import {
  Aggregation,
  DecisionTableLogic,
  HitPolicy,
  InputClauseModel,
  OutputClauseModel,
  RuleModel,
} from './dmn-model';
import { compileExpression } from './feel-expression';

const HIT_POLICIES: readonly HitPolicy[] = [
  'UNIQUE',
  'FIRST',
  'PRIORITY',
  'ANY',
  'COLLECT',
  'RULE ORDER',
  'OUTPUT ORDER',
];
const AGGREGATIONS: readonly Aggregation[] = ['SUM', 'MIN', 'MAX', 'COUNT'];

export interface TableOwner {
  key: string;
  variableName: string;
}

/** Compiles a decision table; structural problems and FEEL syntax errors go to the scope's problems. */
export function compileDecisionTable(
  table: DmnDecisionTable,
  owner: TableOwner,
  scope: CompileScope,
): DecisionTableLogic {
  const where = (what: string, ...ids: Array<string | undefined>) => ({
    what: `${what} of decision '${owner.key}'`,
    elementIds: [...ids, owner.key],
  });
  const hitPolicy = (table.hitPolicy ?? 'UNIQUE').trim().toUpperCase().replace(/_/g, ' ') as HitPolicy;
  if (!HIT_POLICIES.includes(hitPolicy))
    scope.problems.error(`Unknown hit policy '${table.hitPolicy}' in decision '${owner.key}'`, [table.id, owner.key]);
  const aggregation = table.aggregation ? (table.aggregation.trim().toUpperCase() as Aggregation) : null;
  if (aggregation && !AGGREGATIONS.includes(aggregation)) {
    scope.problems.error(`Unknown aggregation '${table.aggregation}' in decision '${owner.key}'`, [
      table.id,
      owner.key,
    ]);
  }
  if (aggregation && hitPolicy !== 'COLLECT') {
    scope.problems.error(
      `Aggregation '${aggregation}' needs hit policy COLLECT, not '${hitPolicy}' (decision '${owner.key}')`,
      [table.id, owner.key],
    );
  }

  const inputs: InputClauseModel[] = (table.input ?? []).map((input, i) => ({
    id: input.id ?? null,
    label: input.label ?? null,
    expression: scope.expression(
      input.inputExpression?.text,
      input.inputExpression?.expressionLanguage,
      where(`input expression ${i + 1}`, input.inputExpression?.id, input.id),
    ),
    type: scope.type(input.inputExpression?.typeRef),
    allowedValues: allowedValues(
      scope,
      input.inputValues?.text,
      where(`input values ${i + 1}`, input.inputValues?.id, input.id),
    ),
    inputVariable: input.inputVariable || 'cellInput',
  }));

  const declared = table.output ?? [];
  const outputs: OutputClauseModel[] = declared.map((output, i) => ({
    id: output.id ?? null,
    label: output.label ?? null,
    name: outputName(output, i, declared.length, owner),
    type: scope.type(output.typeRef),
    allowedValues: allowedValues(
      scope,
      output.outputValues?.text,
      where(`output values ${i + 1}`, output.outputValues?.id, output.id),
    ),
    priorities: priorityList(output.outputValues?.text),
    defaultValue: scope.expression(
      output.defaultOutputEntry?.text,
      output.defaultOutputEntry?.expressionLanguage,
      where(`default output entry ${i + 1}`, output.defaultOutputEntry?.id, output.id),
    ),
  }));
  if (outputs.length === 0)
    scope.problems.error(`Decision table of decision '${owner.key}' has no output`, [table.id, owner.key]);
  // Camunda's transformer refuses a compound output whose outputs are not all named, each name once.
  if (declared.length > 1) {
    const tableName = table.id ?? owner.key;
    const seen = new Set<string>();
    for (const output of declared) {
      const ref = output.id ?? output.label ?? '';
      if (!output.name) {
        scope.problems.error(
          `DMN-02008 The decision table '${tableName}' has a compound output but output '${ref}' does not have an output name.`,
          [output.id, table.id, owner.key],
        );
      } else if (seen.has(output.name)) {
        scope.problems.error(
          `DMN-02009 The decision table '${tableName}' has a compound output but name of output '${ref}' is duplicate.`,
          [output.id, table.id, owner.key],
        );
      }
      if (output.name) seen.add(output.name);
    }
  }

  const rules: RuleModel[] = (table.rule ?? []).map((rule, r) => {
    const inputEntries = rule.inputEntry ?? [];
    const outputEntries = rule.outputEntry ?? [];
    if (inputEntries.length !== inputs.length || outputEntries.length !== outputs.length) {
      scope.problems.error(
        `Rule ${r + 1} of decision '${owner.key}' has ${inputEntries.length} input and ${outputEntries.length} output entries; the table has ${inputs.length} inputs and ${outputs.length} outputs`,
        [rule.id, owner.key],
      );
    }
    return {
      id: rule.id ?? null,
      order: r + 1,
      inputEntries: inputs.map((_, i) =>
        scope.unaryTests(
          inputEntries[i]?.text,
          inputEntries[i]?.expressionLanguage,
          where(`input entry ${i + 1} of rule ${r + 1}`, inputEntries[i]?.id, rule.id),
        ),
      ),
      outputEntries: outputs.map((_, o) =>
        scope.expression(
          outputEntries[o]?.text,
          outputEntries[o]?.expressionLanguage,
          where(`output entry ${o + 1} of rule ${r + 1}`, outputEntries[o]?.id, rule.id),
        ),
      ),
    };
  });

  return {
    kind: 'decisionTable',
    id: table.id ?? null,
    hitPolicy,
    aggregation,
    inputs,
    outputs,
    rules,
    hasDefaults: outputs.some((o) => o.defaultValue !== null),
  };
}

function allowedValues(
  scope: CompileScope,
  text: string | undefined,
  at: { what: string; elementIds: Array<string | undefined> },
) {
  if (text === undefined || text.trim() === '' || text.trim() === '-') return null;
  return scope.unaryTests(text, undefined, at);
}

// Camunda keys a single unnamed output with null; a JSON row needs a name, so the decision's variable name stands in.
function outputName(output: DmnOutputClause, index: number, count: number, owner: TableOwner): string {
  if (output.name) return output.name;
  if (count === 1) return owner.variableName;
  return output.label || output.id || `output${index + 1}`;
}

/** Output values `"a", "b"` read as the FEEL list `["a", "b"]`; anything that is not a list of constants gives null. */
function priorityList(text: string | undefined): unknown[] | null {
  if (text === undefined || text.trim() === '') return null;
  try {
    const list = compileExpression(`[${text}]`, {}).evaluate({});
    return Array.isArray(list) ? list : null;
  } catch {
    return null;
  }
}
