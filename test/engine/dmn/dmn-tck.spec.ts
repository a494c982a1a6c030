import * as fs from 'fs';
import * as path from 'path';
import { evaluateDecision } from '../../../src/engine/dmn/decision-evaluator';
import { DmnModel, parseDmn } from '../../../src/engine/dmn/dmn-parser';
import { typedValueFromWire, typedValueToWire } from '../../../src/common/variables/wire-value';
import { VariableMap } from '../../../src/engine/variables/typed-value';

// The conformance kit lives beside the repository (../shared), not inside it.
const TCK_DIR = path.resolve(__dirname, '../../..', '..', 'shared', 'conformance', 'dmn-tck');
const MANIFEST = path.join(TCK_DIR, 'cases', 'manifest.json');
const present = fs.existsSync(MANIFEST) && fs.existsSync(path.join(TCK_DIR, 'run-tck.js'));

interface TckCase {
  case: string;
  folder: string;
  model: string;
  decisionKey: string;
  variables: Record<string, { value: unknown; type: string; valueInfo?: Record<string, unknown> }>;
  expected: Array<Record<string, unknown>>;
  resultOrder?: 'ordered' | 'any';
}

type CompareResult = (
  expected: TckCase['expected'],
  body: unknown,
  resultOrder: string | undefined,
  opts?: object,
) => string | null;

if (!present) {
  console.warn(`DMN TCK skipped: ${MANIFEST} (the shared conformance folder beside the repository) is absent`);
}

(present ? describe : describe.skip)('DMN TCK subset (shared/conformance/dmn-tck)', () => {
  it('passes all cases, compared the way run-tck.js compares REST results', async () => {
    // The runner's own comparison, so that this test and the HTTP runner agree on what passing means.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { compareResult } = require(path.join(TCK_DIR, 'run-tck.js')) as { compareResult: CompareResult };
    const cases = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as TckCase[];
    const models = new Map<string, DmnModel>();
    const failures: string[] = [];
    for (const c of cases) {
      const file = path.join(TCK_DIR, 'cases', c.folder, c.model);
      try {
        if (!models.has(file)) models.set(file, await parseDmn(fs.readFileSync(file, 'utf8'), c.model));
        const variables: VariableMap = {};
        for (const [name, v] of Object.entries(c.variables))
          variables[name] = typedValueFromWire(v.type, v.value, v.valueInfo);
        const { rows } = evaluateDecision(models.get(file)!, c.decisionKey, variables);
        const body = JSON.parse(
          JSON.stringify(
            rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, tv]) => [k, typedValueToWire(tv)]))),
          ),
        );
        const why = compareResult(c.expected, body, c.resultOrder);
        if (why) failures.push(`${c.case}: ${why}`);
      } catch (err) {
        failures.push(`${c.case}: ${(err as Error).message}`);
      }
    }
    console.log(`DMN TCK: ${cases.length - failures.length} passed, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(cases.length - failures.length).toBe(80);
  });
});
