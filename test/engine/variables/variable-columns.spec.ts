import { TypedValue } from '../../../src/engine/variables/typed-value';
import { fromColumns, toColumns, VariableColumns } from '../../../src/engine/variables/variable-columns';

const EMPTY = { textValue: null, text2Value: null, longValue: null, doubleValue: null, bytesValue: null };

describe('variable storage columns', () => {
  it.each<[TypedValue, Partial<VariableColumns>]>([
    [{ type: 'string', value: 'hello', valueInfo: {} }, { textValue: 'hello' }],
    [{ type: 'string', value: '', valueInfo: {} }, { textValue: '' }],
    [
      { type: 'integer', value: -5, valueInfo: {} },
      { longValue: -5, textValue: '-5' },
    ],
    [
      { type: 'long', value: 9007199254740991, valueInfo: {} },
      { longValue: 9007199254740991, textValue: '9007199254740991' },
    ],
    [
      { type: 'short', value: 12, valueInfo: {} },
      { longValue: 12, textValue: '12' },
    ],
    [{ type: 'double', value: 2.5, valueInfo: {} }, { doubleValue: 2.5 }],
    [{ type: 'boolean', value: true, valueInfo: {} }, { longValue: 1 }],
    [{ type: 'boolean', value: false, valueInfo: {} }, { longValue: 0 }],
    [
      { type: 'date', value: new Date('2026-11-21T20:40:26.123Z'), valueInfo: {} },
      { longValue: Date.UTC(2026, 10, 21, 20, 40, 26, 123) },
    ],
    [{ type: 'null', value: null, valueInfo: {} }, {}],
    [{ type: 'bytes', value: Buffer.from([0, 1, 255]), valueInfo: {} }, { bytesValue: Buffer.from([0, 1, 255]) }],
    [
      {
        type: 'file',
        value: Buffer.from('data'),
        valueInfo: { filename: 'a.csv', mimeType: 'text/csv', encoding: 'UTF-8' },
      },
      { bytesValue: Buffer.from('data'), textValue: 'a.csv', text2Value: 'text/csv#UTF-8' },
    ],
    [
      { type: 'file', value: Buffer.from('data'), valueInfo: { filename: 'b.bin' } },
      { bytesValue: Buffer.from('data'), textValue: 'b.bin', text2Value: '#' },
    ],
    [
      {
        type: 'object',
        value: '{"a":1}',
        valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
      },
      { bytesValue: Buffer.from('{"a":1}'), textValue: 'application/json', text2Value: 'java.util.HashMap' },
    ],
    [{ type: 'json', value: '{"ü":"€"}', valueInfo: {} }, { bytesValue: Buffer.from('{"ü":"€"}', 'utf8') }],
    [{ type: 'xml', value: '<a>ü</a>', valueInfo: {} }, { bytesValue: Buffer.from('<a>ü</a>', 'utf8') }],
  ])('%j is stored in its columns and read back unchanged', (tv, columns) => {
    const cols = toColumns(tv);
    expect(cols).toEqual({ type: tv.type, ...EMPTY, ...columns });
    expect(fromColumns(cols)).toEqual(tv);
  });

  it.each<TypedValue>([
    { type: 'string', value: null, valueInfo: {} },
    { type: 'integer', value: null, valueInfo: {} },
    { type: 'double', value: null, valueInfo: {} },
    { type: 'boolean', value: null, valueInfo: {} },
    { type: 'date', value: null, valueInfo: {} },
    { type: 'bytes', value: null, valueInfo: {} },
    { type: 'json', value: null, valueInfo: {} },
  ])('a null %j round-trips as null', (tv) => {
    expect(fromColumns(toColumns(tv))).toEqual(tv);
  });

  it('reads what drivers hand back: numeric strings, bigint-ish numbers and Uint8Arrays', () => {
    const row = {
      type: 'long',
      textValue: '7',
      text2Value: null,
      longValue: '7' as unknown as number,
      doubleValue: null,
      bytesValue: null,
    };
    expect(fromColumns(row)).toEqual({ type: 'long', value: 7, valueInfo: {} });
    const bytes = { ...row, type: 'bytes', longValue: null, bytesValue: new Uint8Array([1, 2]) as Buffer };
    expect(fromColumns(bytes).value).toEqual(Buffer.from([1, 2]));
    expect(fromColumns({ ...row, type: 'boolean', longValue: '1' as unknown as number }).value).toBe(true);
  });

  it('keeps the file valueInfo spelling clients send (mimetype) as mimeType', () => {
    const tv: TypedValue = {
      type: 'file',
      value: Buffer.from('x'),
      valueInfo: { filename: 'f', mimetype: 'image/png' },
    };
    expect(fromColumns(toColumns(tv)).valueInfo).toEqual({ filename: 'f', mimeType: 'image/png' });
  });
});
