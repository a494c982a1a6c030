import { RestError } from '../../../src/common/errors/rest-error';
import { parseGetQuery, parsePaging, parsePostQuery } from '../../../src/common/query/parse-query';
import { f, QuerySpec } from '../../../src/common/query/query-spec';

const SPEC: QuerySpec = {
  params: {
    id: f.eq('x.id'),
    idIn: f.in('x.id'),
    version: f.eq('x.version', 'int'),
    priority: f.eq('x.priority', 'long'),
    suspended: f.flag('x.suspended = 1'),
    createdAfter: f.cmp('x.created', '>'),
    variables: { type: 'variables' },
    processVariables: { type: 'variables', operators: ['eq', 'neq'] },
    payload: { type: 'object' },
  },
  sortBy: { id: 'x.id', name: 'x.name' },
  defaultOrder: 'x.id',
};

/** The RestError a parse throws, so that status, type and message can all be asserted. */
function errorOf(parse: () => unknown): RestError {
  try {
    parse();
  } catch (err) {
    if (err instanceof RestError) return err;
    throw err;
  }
  throw new Error('expected the parse to fail');
}

function expectInvalid(parse: () => unknown, message: string): void {
  const err = errorOf(parse);
  expect({ status: err.status, type: err.type, message: err.message }).toEqual({
    status: 400,
    type: 'InvalidRequestException',
    message,
  });
}

describe('parseGetQuery', () => {
  it('reads strings, comma lists, integers, booleans and dates from the query string', () => {
    const parsed = parseGetQuery(SPEC, {
      id: 'a',
      idIn: 'a,b,c',
      version: '3',
      priority: '-9007199254740991',
      suspended: 'true',
      createdAfter: '2026-01-23T14:42:45.000+0200',
    });
    expect(parsed.filters).toEqual({
      id: 'a',
      idIn: ['a', 'b', 'c'],
      version: 3,
      priority: -9007199254740991,
      suspended: true,
      createdAfter: new Date('2026-01-23T12:42:45.000Z'),
    });
    expect(parsed.sorting).toEqual([]);
    expect(parsed.firstResult).toBeUndefined();
    expect(parsed.maxResults).toBeUndefined();
  });

  it('takes the first of repeated parameters, an empty list for an empty value, and ignores unknown names', () => {
    const parsed = parseGetQuery(SPEC, { id: ['first', 'second'], idIn: '', whatever: 'x' });
    expect(parsed.filters).toEqual({ id: 'first', idIn: [] });
  });

  it.each([
    [
      'version',
      'abc',
      "Cannot set query parameter 'version' to value 'abc': Cannot convert value abc to java type java.lang.Integer",
    ],
    [
      'version',
      '1.5',
      "Cannot set query parameter 'version' to value '1.5': Cannot convert value 1.5 to java type java.lang.Integer",
    ],
    [
      'version',
      '2147483648',
      "Cannot set query parameter 'version' to value '2147483648': Cannot convert value 2147483648 to java type java.lang.Integer",
    ],
    [
      'priority',
      'x',
      "Cannot set query parameter 'priority' to value 'x': Cannot convert value x to java type java.lang.Long",
    ],
    [
      'suspended',
      'yes',
      "Cannot set query parameter 'suspended' to value 'yes': Cannot convert value yes to java type java.lang.Boolean",
    ],
    [
      'createdAfter',
      'anInvalidDate',
      `Cannot set query parameter 'createdAfter' to value 'anInvalidDate': Cannot convert value "anInvalidDate" to java type java.util.Date`,
    ],
    // An unencoded `+` arrives as a space and makes the date invalid, as in Camunda.
    [
      'createdAfter',
      '2026-01-23T14:42:45.000 0200',
      `Cannot set query parameter 'createdAfter' to value '2026-01-23T14:42:45.000 0200': Cannot convert value "2026-01-23T14:42:45.000 0200" to java type java.util.Date`,
    ],
  ])("rejects %s=%s with Camunda's message", (name, value, message) => {
    expectInvalid(() => parseGetQuery(SPEC, { [name]: value }), message);
  });

  it('reads sortBy and sortOrder together, and rejects either alone or unknown values', () => {
    expect(parseGetQuery(SPEC, { sortBy: 'name', sortOrder: 'desc' }).sorting).toEqual([
      { sortBy: 'name', sortOrder: 'desc' },
    ]);
    const single = 'Only a single sorting parameter specified. sortBy and sortOrder required';
    expectInvalid(() => parseGetQuery(SPEC, { sortBy: 'name' }), single);
    expectInvalid(() => parseGetQuery(SPEC, { sortOrder: 'asc' }), single);
    expectInvalid(
      () => parseGetQuery(SPEC, { sortBy: 'anInvalidSortByOption', sortOrder: 'asc' }),
      "Cannot set query parameter 'sortBy' to value 'anInvalidSortByOption'",
    );
    expectInvalid(
      () => parseGetQuery(SPEC, { sortBy: 'id', sortOrder: 'up' }),
      "Cannot set query parameter 'sortOrder' to value 'up'",
    );
  });

  it('reads paging for lists; counts take neither sorting nor paging', () => {
    expect(parseGetQuery(SPEC, { firstResult: '5', maxResults: '0' })).toMatchObject({ firstResult: 5, maxResults: 0 });
    expect(parseGetQuery(SPEC, { firstResult: '', maxResults: '2' })).toMatchObject({ maxResults: 2 });
    const count = parseGetQuery(SPEC, { sortBy: 'nope', firstResult: '3', id: 'a' }, false);
    expect(count).toEqual({ filters: { id: 'a' }, sorting: [] });
  });

  it('parses variable filters as name_operator_value triples', () => {
    expect(parseGetQuery(SPEC, { variables: 'a_eq_1,b_like_x%' }).filters.variables).toEqual([
      { name: 'a', operator: 'eq', value: '1' },
      { name: 'b', operator: 'like', value: 'x%' },
    ]);
    expectInvalid(
      () => parseGetQuery(SPEC, { variables: 'a_eq' }),
      'variable query parameter has to have format KEY_OPERATOR_VALUE.',
    );
    expectInvalid(
      () => parseGetQuery(SPEC, { variables: 'my_var_eq_1' }),
      'variable query parameter has to have format KEY_OPERATOR_VALUE.',
    );
    expectInvalid(() => parseGetQuery(SPEC, { variables: 'a_is_1' }), 'Invalid variable comparator specified: is');
    expectInvalid(
      () => parseGetQuery(SPEC, { processVariables: 'a_like_1' }),
      'Invalid process variable comparator specified: like',
    );
  });
});

describe('parsePaging', () => {
  it.each([
    ['firstResult', '-1', "Cannot set query parameter 'firstResult' to value '-1'"],
    ['maxResults', '-5', "Cannot set query parameter 'maxResults' to value '-5'"],
    [
      'maxResults',
      'ten',
      "Cannot set query parameter 'maxResults' to value 'ten': Cannot convert value ten to java type java.lang.Integer",
    ],
  ])('rejects %s=%s', (name, value, message) => {
    expectInvalid(() => parsePaging({ [name]: value }), message);
  });
});

describe('parsePostQuery', () => {
  it('reads arrays for lists, keeps JSON types, coerces scalars to strings and skips nulls', () => {
    const parsed = parsePostQuery(
      SPEC,
      {
        id: 42,
        idIn: ['a', 'b'],
        version: 3,
        suspended: false,
        createdAfter: '2026-01-23T14:42:45.000+0000',
        payload: { k: 1 },
        priority: null,
      },
      { firstResult: '1', maxResults: '2' },
    );
    expect(parsed).toEqual({
      filters: {
        id: '42',
        idIn: ['a', 'b'],
        version: 3,
        suspended: false,
        createdAfter: new Date('2026-01-23T14:42:45.000Z'),
        payload: { k: 1 },
      },
      sorting: [],
      firstResult: 1,
      maxResults: 2,
    });
  });

  it.each([
    [
      'idIn',
      'a,b',
      "Cannot set query parameter 'idIn' to value 'a,b': Cannot convert value a,b to java type java.util.List",
    ],
    [
      'idIn',
      ['a', 1],
      'Cannot set query parameter \'idIn\' to value \'["a",1]\': Cannot convert value ["a",1] to java type java.util.List',
    ],
    [
      'id',
      { a: 1 },
      'Cannot set query parameter \'id\' to value \'{"a":1}\': Cannot convert value {"a":1} to java type java.lang.String',
    ],
    [
      'version',
      1.5,
      "Cannot set query parameter 'version' to value '1.5': Cannot convert value 1.5 to java type java.lang.Integer",
    ],
    [
      'version',
      'three',
      "Cannot set query parameter 'version' to value 'three': Cannot convert value three to java type java.lang.Integer",
    ],
    [
      'suspended',
      1,
      "Cannot set query parameter 'suspended' to value '1': Cannot convert value 1 to java type java.lang.Boolean",
    ],
    [
      'createdAfter',
      5,
      `Cannot set query parameter 'createdAfter' to value '5': Cannot convert value "5" to java type java.util.Date`,
    ],
    [
      'payload',
      'text',
      "Cannot set query parameter 'payload' to value 'text': Cannot convert value text to java type java.lang.Object",
    ],
  ])('rejects a body with %s = %j', (name, value, message) => {
    expectInvalid(() => parsePostQuery(SPEC, { [name]: value }, {}), message);
  });

  it('combines top-level sortBy/sortOrder with the sorting array, in order', () => {
    const parsed = parsePostQuery(
      SPEC,
      { sortBy: 'name', sortOrder: 'desc', sorting: [{ sortBy: 'id', sortOrder: 'asc' }, { sortBy: 'name' }] },
      {},
    );
    expect(parsed.sorting).toEqual([
      { sortBy: 'name', sortOrder: 'desc' },
      { sortBy: 'id', sortOrder: 'asc' },
      { sortBy: 'name', sortOrder: 'asc' },
    ]);
  });

  it('rejects bad sorting entries and a sorting that is not an array', () => {
    expectInvalid(
      () => parsePostQuery(SPEC, { sorting: [{ sortBy: 'nope', sortOrder: 'asc' }] }, {}),
      "Cannot set query parameter 'sortBy' to value 'nope'",
    );
    expectInvalid(
      () => parsePostQuery(SPEC, { sorting: [{ sortBy: 'id', sortOrder: 'down' }] }, {}),
      "Cannot set query parameter 'sortOrder' to value 'down'",
    );
    expectInvalid(
      () => parsePostQuery(SPEC, { sorting: { sortBy: 'id' } }, {}),
      `Cannot set query parameter 'sorting' to value '{"sortBy":"id"}'`,
    );
    expectInvalid(
      () => parsePostQuery(SPEC, { sortBy: 'id' }, {}),
      'Only a single sorting parameter specified. sortBy and sortOrder required',
    );
  });

  it('ignores sorting and paging for counts', () => {
    expect(parsePostQuery(SPEC, { id: 'a', sorting: [{ sortBy: 'nope' }] }, { firstResult: '2' }, false)).toEqual({
      filters: { id: 'a' },
      sorting: [],
    });
  });

  it('takes an absent body as no filters and rejects a body that is not an object', () => {
    expect(parsePostQuery(SPEC, undefined, {})).toEqual({ filters: {}, sorting: [] });
    expectInvalid(() => parsePostQuery(SPEC, [1, 2], {}), '');
    expectInvalid(() => parsePostQuery(SPEC, 'text', {}), '');
  });

  it('reads variable filters as objects and keeps the JSON type of their values', () => {
    const parsed = parsePostQuery(
      SPEC,
      {
        variables: [
          { name: 'a', operator: 'gt', value: 5 },
          { name: 'b', operator: 'eq', value: true },
        ],
      },
      {},
    );
    expect(parsed.filters.variables).toEqual([
      { name: 'a', operator: 'gt', value: 5 },
      { name: 'b', operator: 'eq', value: true },
    ]);
    expectInvalid(
      () => parsePostQuery(SPEC, { variables: [{ name: 'a' }] }, {}),
      `Cannot set query parameter 'variables' to value '{"name":"a"}': Cannot convert value {"name":"a"} to java type java.util.List`,
    );
    expectInvalid(
      () => parsePostQuery(SPEC, { processVariables: [{ name: 'a', operator: 'gt', value: 1 }] }, {}),
      'Invalid process variable comparator specified: gt',
    );
  });
});
