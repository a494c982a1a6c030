import { DecisionEvaluationError } from '../../../src/engine/errors';
import { evaluate, plainRows, tableModel, TableSpec } from './dmn-test-models';

// One input `x`, one output `out` unless a case says otherwise.
const cases: Array<[string, TableSpec, Record<string, unknown>, Array<Record<string, unknown>>]> = [
  [
    'UNIQUE: the single matching rule',
    {
      rules: [
        ['< 5', '"low"'],
        ['>= 5', '"high"'],
      ],
    },
    { x: 7 },
    [{ out: 'high' }],
  ],
  ['UNIQUE: no match gives no rows', { rules: [['< 5', '"low"']] }, { x: 7 }, []],
  [
    'FIRST: the first match in rule order',
    {
      hitPolicy: 'FIRST',
      rules: [
        ['> 1', '"a"'],
        ['> 2', '"b"'],
      ],
    },
    { x: 3 },
    [{ out: 'a' }],
  ],
  [
    'ANY: equal outputs give one row',
    {
      hitPolicy: 'ANY',
      rules: [
        ['> 1', '"same"'],
        ['> 2', '"same"'],
        ['> 9', '"other"'],
      ],
    },
    { x: 3 },
    [{ out: 'same' }],
  ],
  [
    'RULE ORDER: all matches in rule order',
    {
      hitPolicy: 'RULE ORDER',
      rules: [
        ['> 2', '"b"'],
        ['> 1', '"a"'],
        ['> 9', '"z"'],
      ],
    },
    { x: 3 },
    [{ out: 'b' }, { out: 'a' }],
  ],
  [
    'COLLECT: all matches',
    {
      hitPolicy: 'COLLECT',
      rules: [
        ['> 1', '"a"'],
        ['-', '"b"'],
        ['> 9', '"z"'],
      ],
    },
    { x: 3 },
    [{ out: 'a' }, { out: 'b' }],
  ],
  [
    'COLLECT SUM',
    {
      hitPolicy: 'COLLECT',
      aggregation: 'SUM',
      rules: [
        ['> 1', '10'],
        ['> 2', '5'],
        ['> 9', '100'],
      ],
    },
    { x: 3 },
    [{ out: 15 }],
  ],
  [
    'COLLECT MIN',
    {
      hitPolicy: 'COLLECT',
      aggregation: 'MIN',
      rules: [
        ['> 1', '10'],
        ['> 2', '5'],
      ],
    },
    { x: 3 },
    [{ out: 5 }],
  ],
  [
    'COLLECT MAX',
    {
      hitPolicy: 'COLLECT',
      aggregation: 'MAX',
      rules: [
        ['> 1', '10'],
        ['> 2', '5'],
      ],
    },
    { x: 3 },
    [{ out: 10 }],
  ],
  [
    'COLLECT COUNT',
    {
      hitPolicy: 'COLLECT',
      aggregation: 'COUNT',
      rules: [
        ['> 1', '"a"'],
        ['> 2', '"a"'],
        ['> 9', '"c"'],
      ],
    },
    { x: 3 },
    [{ out: 2 }],
  ],
  [
    'COLLECT COUNT without matches is 0',
    { hitPolicy: 'COLLECT', aggregation: 'COUNT', rules: [['> 9', '1']] },
    { x: 3 },
    [{ out: 0 }],
  ],
  [
    'COLLECT SUM without matches is null',
    { hitPolicy: 'COLLECT', aggregation: 'SUM', rules: [['> 9', '1']] },
    { x: 3 },
    [{ out: null }],
  ],
  [
    'COLLECT MIN over strings',
    {
      hitPolicy: 'COLLECT',
      aggregation: 'MIN',
      rules: [
        ['-', '"pear"'],
        ['-', '"apple"'],
      ],
    },
    { x: 1 },
    [{ out: 'apple' }],
  ],
  [
    'PRIORITY: the output value listed first wins',
    {
      hitPolicy: 'PRIORITY',
      outputs: [{ name: 'out', outputValues: '"high","medium","low"' }],
      rules: [
        ['> 1', '"low"'],
        ['> 2', '"high"'],
        ['> 0', '"medium"'],
      ],
    },
    { x: 3 },
    [{ out: 'high' }],
  ],
  [
    'PRIORITY: equal priority keeps rule order',
    {
      hitPolicy: 'PRIORITY',
      outputs: [{ name: 'out', outputValues: '"a","b"' }, { name: 'n' }],
      rules: [
        ['> 1', '"b"', '1'],
        ['> 2', '"b"', '2'],
      ],
    },
    { x: 3 },
    [{ out: 'b', n: 1 }],
  ],
  [
    'OUTPUT ORDER: all matches by decreasing priority',
    {
      hitPolicy: 'OUTPUT ORDER',
      outputs: [{ name: 'out', outputValues: '"high","medium","low"' }],
      rules: [
        ['> 1', '"low"'],
        ['> 2', '"high"'],
        ['> 0', '"medium"'],
      ],
    },
    { x: 3 },
    [{ out: 'high' }, { out: 'medium' }, { out: 'low' }],
  ],
  [
    'default output entries when nothing matches',
    { outputs: [{ name: 'out', defaultEntry: '"none"' }, { name: 'n' }], rules: [['> 9', '"big"', '1']] },
    { x: 3 },
    [{ out: 'none', n: null }],
  ],
  [
    'an empty output entry leaves the output out of the row',
    { outputs: [{ name: 'a' }, { name: 'b' }], rules: [['-', '"x"', '']] },
    { x: 3 },
    [{ a: 'x' }],
  ],
  [
    'several inputs must all match; empty and - match anything',
    {
      inputs: [{ expression: 'x' }, { expression: 'y' }, { expression: 'z' }],
      hitPolicy: 'COLLECT',
      rules: [
        ['> 1', '"b"', '', '"r1"'],
        ['> 1', '"c"', '-', '"r2"'],
      ],
    },
    { x: 3, y: 'b', z: null },
    [{ out: 'r1' }],
  ],
];

describe('hit policies', () => {
  it.each(cases)('%s', async (_name, spec, input, expected) => {
    expect(plainRows(await evaluate(tableModel(spec), 'table', input))).toEqual(expected);
  });

  const violations: Array<[string, TableSpec, RegExp]> = [
    [
      'UNIQUE with two matching rules',
      {
        rules: [
          ['> 1', '"a"'],
          ['> 2', '"b"'],
        ],
      },
      /Decision 'Table' \(table\): hit policy 'UNIQUE' only allows a single rule to match, but 2 rules matched: 'rule1', 'rule2'/,
    ],
    [
      'ANY with different outputs',
      {
        hitPolicy: 'ANY',
        rules: [
          ['> 1', '"a"'],
          ['> 2', '"b"'],
        ],
      },
      /hit policy 'ANY' requires all matching rules to have equal outputs, but rules 'rule1', 'rule2' matched with different outputs/,
    ],
    [
      'SUM over text',
      { hitPolicy: 'COLLECT', aggregation: 'SUM', rules: [['-', '"a"']] },
      /unable to execute collect aggregation SUM on the value 'a'/,
    ],
    [
      'an aggregation over a rule that fills two outputs',
      {
        hitPolicy: 'COLLECT',
        aggregation: 'MAX',
        outputs: [{ name: 'a' }, { name: 'b' }],
        rules: [
          ['-', '1', ''],
          ['> 2', '2', '3'],
        ],
      },
      /unable to execute aggregation 'MAX' on the compound output \('a', 'b'\) of rule 'rule2': only one output value is allowed/,
    ],
  ];
  it.each(violations)('%s is an evaluation error', async (_name, spec, message) => {
    const run = evaluate(tableModel(spec), 'table', { x: 3 });
    await expect(run).rejects.toBeInstanceOf(DecisionEvaluationError);
    await expect(run).rejects.toMatchObject({ type: 'DecisionException', message: expect.stringMatching(message) });
  });

  it('aggregates a table with several outputs while each matching rule fills one of them, under the name of the first', async () => {
    const spec: TableSpec = {
      hitPolicy: 'COLLECT',
      aggregation: 'SUM',
      outputs: [{ name: 'a' }, { name: 'b' }],
      rules: [
        ['-', '', '4'],
        ['> 2', '2', ''],
      ],
    };
    expect(plainRows(await evaluate(tableModel(spec), 'table', { x: 3 }))).toEqual([{ b: 6 }]);
    expect(plainRows(await evaluate(tableModel(spec), 'table', { x: 1 }))).toEqual([{ b: 4 }]);
  });

  it('records matched rules and the aggregate for history', async () => {
    const spec: TableSpec = {
      hitPolicy: 'COLLECT',
      aggregation: 'SUM',
      rules: [
        ['> 1', '10'],
        ['> 9', '1'],
        ['> 2', '5'],
      ],
    };
    const [evaluation] = (await evaluate(tableModel(spec), 'table', { x: 3 })).evaluations;
    expect(evaluation.inputs).toEqual([
      { clauseId: 'in1', clauseName: 'In 1', value: { type: 'integer', value: 3, valueInfo: {} } },
    ]);
    expect(
      evaluation.outputs.map((o) => [o.ruleId, o.ruleOrder, o.clauseId, o.clauseName, o.variableName, o.value.value]),
    ).toEqual([
      ['rule1', 1, 'out1', 'Out 1', 'out', 10],
      ['rule3', 3, 'out1', 'Out 1', 'out', 5],
    ]);
    expect(evaluation.collectResultValue).toBe(15);
  });

  it('types aggregates: an integer sum stays Integer, COUNT is Integer, a double sum is Double', async () => {
    const sum = await evaluate(
      tableModel({
        hitPolicy: 'COLLECT',
        aggregation: 'SUM',
        rules: [
          ['-', '1'],
          ['-', '2'],
        ],
      }),
      'table',
      { x: 1 },
    );
    expect(sum.rows[0].out).toEqual({ type: 'integer', value: 3, valueInfo: {} });
    const doubles = await evaluate(
      tableModel({
        hitPolicy: 'COLLECT',
        aggregation: 'SUM',
        rules: [
          ['-', '1.5'],
          ['-', '2'],
        ],
      }),
      'table',
      { x: 1 },
    );
    expect(doubles.rows[0].out).toEqual({ type: 'double', value: 3.5, valueInfo: {} });
  });
});
