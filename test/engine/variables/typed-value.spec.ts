import { plainValue, untypedValue } from '../../../src/engine/variables/typed-value';

describe('untyped values (expression results, untyped input)', () => {
  it.each([
    [null, 'null', null],
    ['s', 'string', 's'],
    [true, 'boolean', true],
    [7, 'integer', 7],
    [-2147483648, 'integer', -2147483648],
    [2147483648, 'long', 2147483648],
    [-2147483649, 'long', -2147483649],
    [0.5, 'double', 0.5],
    [BigInt(12), 'long', 12],
  ])('%p is %s', (value, type, expected) => {
    expect(untypedValue(value)).toEqual({ type, value: expected, valueInfo: {} });
  });

  it('keeps dates and buffers, and serializes objects and arrays as JSON Object values', () => {
    const d = new Date(0);
    expect(untypedValue(d).type).toBe('date');
    expect(untypedValue(Buffer.from('x')).type).toBe('bytes');
    expect(untypedValue({ a: 1 })).toEqual({
      type: 'object',
      value: '{"a":1}',
      valueInfo: { objectTypeName: 'java.util.LinkedHashMap', serializationDataFormat: 'application/json' },
    });
    expect(untypedValue([1]).valueInfo.objectTypeName).toBe('java.util.ArrayList');
  });
});

describe('plain values for expressions', () => {
  it('gives expressions parsed JSON and falls back to the text when it is not JSON', () => {
    expect(plainValue({ type: 'json', value: '{"a":[1]}', valueInfo: {} })).toEqual({ a: [1] });
    expect(plainValue({ type: 'json', value: 'not json', valueInfo: {} })).toBe('not json');
    expect(
      plainValue({ type: 'object', value: '<x/>', valueInfo: { serializationDataFormat: 'application/xml' } }),
    ).toBe('<x/>');
  });
});
