import * as fs from 'fs';
import * as path from 'path';
import { DecisionResult, evaluateDecision } from '../../../src/engine/dmn/decision-evaluator';
import { DmnModel, parseDmn } from '../../../src/engine/dmn/dmn-parser';
import { untypedValue, VariableMap } from '../../../src/engine/variables/typed-value';

export const DMN13 = 'https://www.omg.org/spec/DMN/20191111/MODEL/';

export function fixture(name: string): string {
  return fs.readFileSync(path.join(__dirname, '../../fixtures/dmn', name), 'utf8');
}

export function definitions(body: string, namespace = DMN13): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="${namespace}" id="defs" name="Test" namespace="http://example.com/test">
${body}
</definitions>`;
}

export interface TableSpec {
  hitPolicy?: string;
  aggregation?: string;
  inputs?: Array<{ expression: string; typeRef?: string; inputValues?: string }>;
  outputs?: Array<{ name?: string; typeRef?: string; outputValues?: string; defaultEntry?: string }>;
  /** Each rule: input entries then output entries, as FEEL text. */
  rules: string[][];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A one-decision model with key `table` (its variable is named `result`). */
export function tableModel(spec: TableSpec): string {
  const inputs = spec.inputs ?? [{ expression: 'x' }];
  const outputs = spec.outputs ?? [{ name: 'out' }];
  const attrs = `${spec.hitPolicy ? ` hitPolicy="${spec.hitPolicy}"` : ''}${spec.aggregation ? ` aggregation="${spec.aggregation}"` : ''}`;
  const inputXml = inputs.map(
    (i, n) =>
      `<input id="in${n + 1}" label="In ${n + 1}"><inputExpression${i.typeRef ? ` typeRef="${i.typeRef}"` : ''}><text>${esc(i.expression)}</text></inputExpression>${i.inputValues ? `<inputValues><text>${esc(i.inputValues)}</text></inputValues>` : ''}</input>`,
  );
  const outputXml = outputs.map(
    (o, n) =>
      `<output id="out${n + 1}" label="Out ${n + 1}"${o.name ? ` name="${o.name}"` : ''}${o.typeRef ? ` typeRef="${o.typeRef}"` : ''}>${o.outputValues ? `<outputValues><text>${esc(o.outputValues)}</text></outputValues>` : ''}${o.defaultEntry ? `<defaultOutputEntry><text>${esc(o.defaultEntry)}</text></defaultOutputEntry>` : ''}</output>`,
  );
  const rules = spec.rules.map(
    (r, n) =>
      `<rule id="rule${n + 1}">${r
        .slice(0, inputs.length)
        .map((t, c) => `<inputEntry id="rule${n + 1}in${c + 1}"><text>${esc(t)}</text></inputEntry>`)
        .join('')}${r
        .slice(inputs.length)
        .map((t, c) => `<outputEntry id="rule${n + 1}out${c + 1}"><text>${esc(t)}</text></outputEntry>`)
        .join('')}</rule>`,
  );
  return definitions(
    `<decision id="table" name="Table"><variable name="result"/><decisionTable id="dt"${attrs}>${inputXml.join('')}${outputXml.join('')}${rules.join('\n')}</decisionTable></decision>`,
  );
}

export function literalModel(text: string, typeRef?: string): string {
  return definitions(
    `<decision id="literal" name="Literal"><variable name="result"${typeRef ? ` typeRef="${typeRef}"` : ''}/><literalExpression><text>${esc(text)}</text></literalExpression></decision>`,
  );
}

/** Plain values become typed values the way untyped REST input does. */
export function vars(values: Record<string, unknown>): VariableMap {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, untypedValue(v)]));
}

export async function evaluate(
  xml: string,
  key: string,
  values: Record<string, unknown> = {},
): Promise<DecisionResult> {
  const model: DmnModel = await parseDmn(xml, 'test.dmn');
  return evaluateDecision(model, key, vars(values));
}

/** Rows as plain values: output name -> value. */
export function plainRows(result: DecisionResult): Array<Record<string, unknown>> {
  return result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, tv]) => [k, tv.value])));
}
