import { DecisionEvaluationError } from '../../../src/engine/errors';
import { typedValueToWire } from '../../../src/common/variables/wire-value';
import { evaluate, literalModel, tableModel } from './dmn-test-models';

async function literal(text: string, typeRef?: string, input: Record<string, unknown> = {}) {
  const { rows } = await evaluate(literalModel(text, typeRef), 'literal', input);
  return typedValueToWire(rows[0].result);
}

describe('typed decision results', () => {
  const cases: Array<[string, string | undefined, unknown, string]> = [
    // FEEL text, typeRef, expected wire value, expected wire type
    ['1 + 2', undefined, 3, 'Integer'],
    ['3000000000', undefined, 3000000000, 'Long'],
    ['1 / 4', undefined, 0.25, 'Double'],
    ['"text"', undefined, 'text', 'String'],
    ['true', undefined, true, 'Boolean'],
    ['null', undefined, null, 'Null'],
    ['date("2024-01-31")', undefined, '2024-01-31T00:00:00.000+0000', 'Date'],
    ['date and time("2024-03-10T10:30:00+01:00")', undefined, '2024-03-10T09:30:00.000+0000', 'Date'],
    ['date and time("2024-03-10T10:30:00")', undefined, '2024-03-10T10:30:00.000+0000', 'Date'],
    ['duration("P2DT3H")', undefined, 'P2DT3H', 'String'],
    ['time("10:30:00")', undefined, '10:30:00', 'String'],
    ['[1, "a", date("2024-01-31")]', undefined, [1, 'a', '2024-01-31'], 'Object'],
    ['{ total: 3 }', undefined, { total: 3 }, 'Object'],
    ['42', 'integer', 42, 'Integer'],
    ['"42"', 'integer', 42, 'Integer'],
    ['42', 'long', 42, 'Long'],
    ['42', 'double', 42, 'Double'],
    ['42', 'number', 42, 'Double'],
    ['42', 'string', '42', 'String'],
    ['date("2024-01-31")', 'string', '2024-01-31', 'String'],
    ['"true"', 'boolean', true, 'Boolean'],
    ['"2024-01-31"', 'date', '2024-01-31T00:00:00.000+0000', 'Date'],
    ['date and time("2024-01-31T10:00:00Z")', 'date', '2024-01-31T00:00:00.000+0000', 'Date'],
    ['date("2024-01-31")', 'dateTime', '2024-01-31T00:00:00.000+0000', 'Date'],
    ['null', 'integer', null, 'Null'],
    ['5', 'feel:number', 5, 'Double'],
  ];
  it.each(cases)('%s as %s', async (text, typeRef, value, type) => {
    expect(await literal(text, typeRef)).toMatchObject({ value, type });
  });

  const invalid: Array<[string, string, RegExp]> = [
    ['1.5', 'integer', /Invalid value '1.5' for clause with type 'integer'/],
    ['"abc"', 'double', /Invalid value 'abc' for clause with type 'double'/],
    ['"yes"', 'boolean', /Invalid value 'yes' for clause with type 'boolean'/],
    ['"next tuesday"', 'date', /Invalid value 'next tuesday' for clause with type 'date'/],
    ['3000000000', 'integer', /Invalid value '3000000000'/],
  ];
  it.each(invalid)('%s cannot be a %s', async (text, typeRef, message) => {
    const run = literal(text, typeRef);
    await expect(run).rejects.toBeInstanceOf(DecisionEvaluationError);
    await expect(run).rejects.toThrow(message);
  });

  it('converts inputs to the input typeRef before matching, as Camunda does', async () => {
    const xml = tableModel({ inputs: [{ expression: 'x', typeRef: 'string' }], rules: [['"5"', '"matched"']] });
    const result = await evaluate(xml, 'table', { x: 5 });
    expect(result.rows[0].out.value).toBe('matched');
    expect(result.evaluations[0].inputs[0].value).toEqual({ type: 'string', value: '5', valueInfo: {} });
  });

  it('fails when an input does not fit its typeRef', async () => {
    const xml = tableModel({ inputs: [{ expression: 'x', typeRef: 'integer' }], rules: [['> 1', '"a"']] });
    await expect(evaluate(xml, 'table', { x: 'many' })).rejects.toThrow(
      /input 'In 1': Invalid value 'many' for clause with type 'integer'/,
    );
  });

  it('compares a Date input with FEEL dates when the input typeRef is date (DMN)', async () => {
    const xml = tableModel({
      inputs: [{ expression: 'd', typeRef: 'date' }],
      rules: [
        ['> date("2016-10-01")', 'true'],
        ['<= date("2016-10-01")', 'false'],
      ],
    });
    const result = await evaluate(xml, 'table', { d: new Date('2016-11-01T00:00:00Z') });
    expect(result.rows[0].out.value).toBe(true);
    expect(result.evaluations[0].inputs[0].value.type).toBe('date');
  });
});

describe('allowed values', () => {
  it('rejects an input outside its input values', async () => {
    const xml = tableModel({ inputs: [{ expression: 'x', inputValues: '"a","b"' }], rules: [['-', '1']] });
    expect((await evaluate(xml, 'table', { x: 'a' })).rows).toHaveLength(1);
    await expect(evaluate(xml, 'table', { x: 'c' })).rejects.toThrow(
      /input 'In 1': the value 'c' is not one of the input values "a","b"/,
    );
  });

  it('lets a null input pass its input values', async () => {
    const xml = tableModel({ inputs: [{ expression: 'x', inputValues: '"a","b"' }], rules: [['-', '1']] });
    expect((await evaluate(xml, 'table', { x: null })).rows).toHaveLength(1);
  });

  it('rejects an output outside its output values', async () => {
    const xml = tableModel({ outputs: [{ name: 'out', outputValues: '"ok"' }], rules: [['-', '"not ok"']] });
    await expect(evaluate(xml, 'table', { x: 1 })).rejects.toThrow(
      /output 'out' of rule 'rule1': the value 'not ok' is not one of the output values "ok"/,
    );
  });
});
