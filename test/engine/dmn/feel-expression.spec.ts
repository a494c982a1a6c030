import { evaluate as feelEvaluate, unaryTest as feelUnaryTest } from 'feelin';
import { analyseFeel } from '../../../src/engine/dmn/feel-analysis';
import {
  compileExpression,
  compileUnaryTests,
  FeelEvaluationFailure,
  FeelSyntaxFailure,
} from '../../../src/engine/dmn/feel-expression';

const noContext = () => {
  throw new Error('a cell without variables must not ask for the context');
};

describe('compiled FEEL', () => {
  // Every compiled result must equal what feelin says for the same text and context.
  const expressions: Array<[string, Record<string, unknown>]> = [
    ['Full Name', { 'Full Name': 'Ada' }],
    ['Full Name', {}],
    ['x + 1', { x: 2 }],
    ['"constant" + "!"', {}],
    ['[1, 2, 3][2]', {}],
    ['if bool then 1 else 2', { bool: null }],
    ['structA.price', { structA: { price: 5 } }],
    ['date("2024-01-31") + duration("P1D")', {}],
  ];
  it.each(expressions)('expression %s agrees with feelin', (text, context) => {
    expect(compileExpression(text, {}).evaluate(context)).toEqual(feelEvaluate(text, context).value ?? null);
  });

  const tests: Array<[string, unknown, Record<string, unknown>]> = [
    ['> 10', 12, {}],
    ['> 10', 5, {}],
    ['[1..10]', 10, {}],
    ['"a","b"', 'b', {}],
    ['not("a")', 'b', {}],
    ['< limit', 3, { limit: 5 }],
    ['< limit', 7, { limit: 5 }],
    ['? > 3', 4, {}],
    ['> date("2020-01-01")', null, {}],
  ];
  it.each(tests)('unary tests %s on %s agree with feelin', (text, input, context) => {
    const cell = compileUnaryTests(text, {});
    const ctx = { ...context, '?': input };
    expect(cell.test(input, () => ctx)).toBe(feelUnaryTest(text, ctx).value === true);
  });

  // Cells of literals compared with the input are answered without feelin: every text × input must still agree.
  const literalCells = [
    '"gold"',
    '"gold","silver"',
    '"with space"',
    '""',
    '1000',
    '2.5',
    '< 1000',
    '<= 1000',
    '> 2.5',
    '>= 0',
    '< 10, > 100',
    '"1000"',
    '1000, "gold"',
    '< -5',
    '-2.5',
  ];
  const literalInputs: unknown[] = [
    'gold',
    'silver',
    'Gold',
    '',
    'with space',
    '1000',
    1000,
    999.5,
    1000.5,
    2.5,
    0,
    -1,
    101,
    null,
    true,
    [1000],
    { a: 1 },
  ];
  it.each(literalCells)('literal cell %s agrees with feelin on every kind of input', (text) => {
    const cell = compileUnaryTests(text, {});
    for (const input of literalInputs) {
      expect([input, cell.test(input, noContext)]).toEqual([input, feelUnaryTest(text, { '?': input }).value === true]);
    }
  });

  it.each(['"gold"', '< 1000', '1000, "gold"'])('answers the literal cell %s without feelin', (text) => {
    const shape = analyseFeel(text, 'unaryTests', {});
    expect(shape.literalTest).toBeInstanceOf(Function);
  });

  it.each(['"a\\"b"', '[1..10]', 'not("a")', '< limit', 'date("2020-01-01")', '> date("2020-01-01")'])(
    'leaves %s to feelin',
    (text) => {
      expect(analyseFeel(text, 'unaryTests', { limit: 1 }).literalTest).toBeUndefined();
    },
  );

  it.each(['', '   ', '-', ' - '])('treats %j as a match for anything without feelin', (text) => {
    const cell = compileUnaryTests(text, {});
    expect(cell.matchesAll).toBe(true);
    expect(cell.test({ any: 'thing' }, noContext)).toBe(true);
  });

  it('remembers results of cells without variables and never builds their context', () => {
    const cell = compileUnaryTests('[5..8]', {});
    for (const n of [4, 5, 8, 9, 5, 9]) expect(cell.test(n, noContext)).toBe(n >= 5 && n <= 8);
  });

  it('asks for the context of cells that use variables, every time', () => {
    const cell = compileUnaryTests('< limit', {});
    let asked = 0;
    const context = (limit: number) => () => {
      asked++;
      return { limit, '?': 3 };
    };
    expect(cell.test(3, context(5))).toBe(true);
    expect(cell.test(3, context(1))).toBe(false);
    expect(asked).toBe(2);
  });

  it('does not treat now() as a constant', () => {
    const expression = compileExpression('now()', {});
    const first = String(expression.evaluate({}));
    return new Promise((resolve) => setTimeout(resolve, 5)).then(() => {
      expect(String(expression.evaluate({}))).not.toBe(first);
    });
  });

  it.each([
    ['if x > then', 'expression'],
    ['> ', 'unaryTests'],
    ['[1..', 'unaryTests'],
  ])('reports the syntax error in %j', (text, kind) => {
    const compile = () => (kind === 'expression' ? compileExpression(text, {}) : compileUnaryTests(text, {}));
    expect(compile).toThrow(FeelSyntaxFailure);
  });

  it('reads a name with an operator as one variable when the model declares it', () => {
    const context = { 'Approved/Declined': 'Approved' };
    expect(compileExpression('Approved/Declined', { 'Approved/Declined': null }).evaluate(context)).toBe('Approved');
    expect(compileExpression('Approved/Declined + "!"', {}).evaluate(context)).toBe('Approved!');
  });

  it('wraps what feelin throws while evaluating', () => {
    // A context whose getter throws stands in for an interpreter failure.
    const context = Object.defineProperty({}, 'y', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(() => compileExpression('y + 1', {}).evaluate(context)).toThrow(FeelEvaluationFailure);
  });
});
