import { hasFractionalValue, retypeFractionalValues } from '../../../src/common/http/jackson-numbers';

/** Jackson's number types for untyped variable values, read from the body text. */
describe('retypeFractionalValues', () => {
  const read = (text: string) => (hasFractionalValue(text) ? retypeFractionalValues(text) : JSON.parse(text));

  it.each([
    ['{"x": {"value": 5.0}}', { x: { value: 5, type: 'Double' } }],
    ['{"x": {"value": 1e3}}', { x: { value: 1000, type: 'Double' } }],
    ['{"x": {"value": -2.5E-1, "type": null}}', { x: { value: -0.25, type: 'Double' } }],
    ['{"x": {"value": 5.0, "type": ""}}', { x: { value: 5, type: 'Double' } }],
    [
      '{"v": {"x": {"value" : 7.50}}, "w": [{"value": 2.0}]}',
      { v: { x: { value: 7.5, type: 'Double' } }, w: [{ value: 2, type: 'Double' }] },
    ],
  ])('%s: an untyped value written with a fraction or exponent is a Double', (text, expected) => {
    expect(hasFractionalValue(text)).toBe(true);
    expect(read(text)).toEqual(expected);
  });

  it.each([
    '{"x": {"value": 5}}',
    '{"x": {"value": 3000000000}}',
    '{"x": {"value": "5.0"}}',
    '{"maxTasks": 5.0, "x": {"value": 5}}',
  ])('%s: integers, strings and numbers outside variable values are not looked at again', (text) => {
    expect(hasFractionalValue(text)).toBe(false);
  });

  it('keeps typed values, other numbers and the last of duplicate keys as JSON.parse reads them', () => {
    const text = '{"a": {"value": 5.0, "type": "Integer"}, "b": 2.50, "c": {"value": 1, "value": 4.0}, "s": "x"}';
    expect(retypeFractionalValues(text)).toEqual({
      a: { value: 5, type: 'Integer' },
      b: 2.5,
      c: { value: 4, type: 'Double' },
      s: 'x',
    });
  });

  it('leaves an own __proto__ key an own property, as JSON.parse does, never the prototype', () => {
    const read = retypeFractionalValues('{"__proto__": {"polluted": 1.0}, "x": {"value": 1.5}}') as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
