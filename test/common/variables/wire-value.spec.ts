import { TypedValue } from '../../../src/engine/variables/typed-value';
import {
  resolveTypeName,
  typedValueFromWire,
  typedValueToWire,
  UnsupportedValueTypeError,
  VariableValueError,
  wireTypeName,
} from '../../../src/common/variables/wire-value';

function errorOf(run: () => unknown): Error {
  try {
    run();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a conversion error');
}

describe('typed values from the wire', () => {
  it.each([
    ['String', 'text', 'string', 'text'],
    ['String', 12, 'string', '12'],
    ['String', true, 'string', 'true'],
    ['String', null, 'string', null],
    ['Integer', 42, 'integer', 42],
    ['Integer', '-7', 'integer', -7],
    ['Integer', 2147483647, 'integer', 2147483647],
    ['Integer', -2147483648, 'integer', -2147483648],
    ['Long', 9007199254740991, 'long', 9007199254740991],
    ['Long', '123', 'long', 123],
    ['Short', 32767, 'short', 32767],
    ['Short', '-32768', 'short', -32768],
    ['Double', 1.5, 'double', 1.5],
    ['Double', '2.25', 'double', 2.25],
    ['Double', 3, 'double', 3],
    ['Boolean', true, 'boolean', true],
    ['Boolean', 'false', 'boolean', false],
    ['Boolean', null, 'boolean', null],
    ['Date', '2026-11-21T20:40:26.000+0000', 'date', new Date('2026-11-21T20:40:26.000Z')],
    ['Date', '2026-11-21T22:40:26.123+0200', 'date', new Date('2026-11-21T20:40:26.123Z')],
    ['Null', 'ignored', 'null', null],
    ['Bytes', Buffer.from('hello').toString('base64'), 'bytes', Buffer.from('hello')],
    ['Object', '{"a":1}', 'object', '{"a":1}'],
    ['Json', '{"a":[1,2]}', 'json', '{"a":[1,2]}'],
    ['Xml', '<a>1</a>', 'xml', '<a>1</a>'],
    ['Json', null, 'json', null],
  ])('%s %j becomes %s %j', (typeName, value, type, expected) => {
    const tv = typedValueFromWire(typeName, value, {});
    expect(tv.type).toBe(type);
    expect(tv.value).toEqual(expected);
  });

  it('accepts type names in any case', () => {
    for (const name of ['string', 'STRING', 'String', 'sTrInG'])
      expect(typedValueFromWire(name, 'x', null).type).toBe('string');
    expect(resolveTypeName('JSON')).toBe('json');
    expect(resolveTypeName('serializable')).toBeUndefined();
    expect(wireTypeName('json')).toBe('Json');
  });

  it('rejects an unknown type as RestException "Unsupported value type"', () => {
    const err = errorOf(() => typedValueFromWire('Money', 5, {}));
    expect(err).toBeInstanceOf(UnsupportedValueTypeError);
    expect(err).toMatchObject({ type: 'RestException', message: "Unsupported value type 'Money'" });
  });

  it.each([
    ['Integer', 'abc', "Cannot convert value 'abc' of type 'Integer' to java type java.lang.Integer"],
    ['Integer', 1.5, "Cannot convert value '1.5' of type 'Integer' to java type java.lang.Integer"],
    ['Integer', 2147483648, "Cannot convert value '2147483648' of type 'Integer' to java type java.lang.Integer"],
    ['Integer', true, "Cannot convert value 'true' of type 'Integer' to java type java.lang.Integer"],
    ['Short', 32768, "Cannot convert value '32768' of type 'Short' to java type java.lang.Short"],
    ['Long', '', "Cannot convert value '' of type 'Long' to java type java.lang.Long"],
    ['Double', 'pi', "Cannot convert value 'pi' of type 'Double' to java type java.lang.Double"],
    ['Boolean', 'yes', "Cannot convert value 'yes' of type 'Boolean' to java type java.lang.Boolean"],
    ['Boolean', 1, "Cannot convert value '1' of type 'Boolean' to java type java.lang.Boolean"],
    ['Date', 'tomorrow', "Cannot convert value 'tomorrow' of type 'Date' to java type java.util.Date"],
    [
      'Date',
      '2026-02-30T00:00:00.000+0000',
      "Cannot convert value '2026-02-30T00:00:00.000+0000' of type 'Date' to java type java.util.Date",
    ],
    ['String', { a: 1 }, `Cannot convert value '{"a":1}' of type 'String' to java type java.lang.Object`],
    ['Bytes', 12, "Cannot convert value '12' of type 'Bytes' to java type java.lang.Object"],
    ['Object', { a: 1 }, "Must provide 'null' or String value for value of SerializableValue type 'Object'."],
    ['Json', [1], "Must provide 'null' or String value for value of SerializableValue type 'Json'."],
    ['Xml', 5, "Must provide 'null' or String value for value of SerializableValue type 'Xml'."],
  ])('rejects %s %j: %s', (typeName, value, message) => {
    const err = errorOf(() => typedValueFromWire(typeName, value, {}));
    expect(err).toBeInstanceOf(VariableValueError);
    expect(err).toMatchObject({ kind: 'BadUserRequest', type: 'InvalidRequestException', message });
  });

  it('needs a filename for File values and keeps mime type and encoding', () => {
    const err = errorOf(() => typedValueFromWire('File', 'aGk=', { mimeType: 'text/plain' }));
    expect(err.message).toBe('Cannot create file without filename! Please set a name into ValueInfo with key filename');
    const tv = typedValueFromWire('File', 'aGk=', { filename: 'a.txt', mimeType: 'text/plain', encoding: 'UTF-8' });
    expect(tv).toEqual({
      type: 'file',
      value: Buffer.from('hi'),
      valueInfo: { filename: 'a.txt', mimeType: 'text/plain', encoding: 'UTF-8' },
    });
  });

  it('keeps the valueInfo of Object values', () => {
    const info = { objectTypeName: 'com.example.Order', serializationDataFormat: 'application/json' };
    expect(typedValueFromWire('Object', '{"id":1}', info)).toEqual({
      type: 'object',
      value: '{"id":1}',
      valueInfo: info,
    });
  });

  it('lets the JSON value decide when no type is given', () => {
    expect(typedValueFromWire(undefined, 'x', null)).toEqual({ type: 'string', value: 'x', valueInfo: {} });
    expect(typedValueFromWire('', 5, null).type).toBe('integer');
    expect(typedValueFromWire(null, null, null).type).toBe('null');
  });
});

describe('typed values to the wire', () => {
  it.each<[TypedValue, boolean, object]>([
    [{ type: 'string', value: 'x', valueInfo: {} }, true, { type: 'String', value: 'x', valueInfo: {} }],
    [{ type: 'integer', value: 1, valueInfo: {} }, true, { type: 'Integer', value: 1, valueInfo: {} }],
    [
      { type: 'date', value: new Date('2026-11-21T20:40:26Z'), valueInfo: {} },
      true,
      { type: 'Date', value: '2026-11-21T20:40:26.000+0000', valueInfo: {} },
    ],
    [{ type: 'date', value: null, valueInfo: {} }, true, { type: 'Date', value: null, valueInfo: {} }],
    [{ type: 'null', value: null, valueInfo: {} }, true, { type: 'Null', value: null, valueInfo: {} }],
    [
      { type: 'bytes', value: Buffer.from('hello'), valueInfo: {} },
      true,
      { type: 'Bytes', value: 'aGVsbG8=', valueInfo: {} },
    ],
    [
      { type: 'file', value: Buffer.from('x'), valueInfo: { filename: 'a.txt', mimetype: 'text/plain' } },
      true,
      { type: 'File', value: null, valueInfo: { filename: 'a.txt', mimeType: 'text/plain' } },
    ],
    [
      {
        type: 'object',
        value: '{"a":1}',
        valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
      },
      true,
      {
        type: 'Object',
        value: { a: 1 },
        valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
      },
    ],
    [
      {
        type: 'object',
        value: '{"a":1}',
        valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
      },
      false,
      {
        type: 'Object',
        value: '{"a":1}',
        valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
      },
    ],
    [
      { type: 'object', value: 'rO0AB', valueInfo: {} },
      true,
      { type: 'Object', value: 'rO0AB', valueInfo: { objectTypeName: null, serializationDataFormat: null } },
    ],
    [{ type: 'json', value: '{"a":1}', valueInfo: {} }, true, { type: 'Json', value: '{"a":1}', valueInfo: {} }],
    [{ type: 'xml', value: '<a/>', valueInfo: {} }, true, { type: 'Xml', value: '<a/>', valueInfo: {} }],
  ])('%j (deserialize %s)', (tv, deserialize, wire) => {
    expect(typedValueToWire(tv, deserialize)).toEqual(wire);
  });
});
