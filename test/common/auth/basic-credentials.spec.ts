import { parseBasicCredentials } from '../../../src/common/auth/basic-credentials';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('basic credentials', () => {
  it.each([
    ['demo:demo', { userId: 'demo', password: 'demo' }],
    ['demo:a:b:c', { userId: 'demo', password: 'a:b:c' }],
    ['demo:', { userId: 'demo', password: '' }],
    ['jürgen:pässwort', { userId: 'jürgen', password: 'pässwort' }],
  ])('splits %j at the first colon', (text, expected) => {
    expect(parseBasicCredentials(basic(text))).toEqual(expected);
  });

  it('accepts the scheme in any case', () => {
    expect(parseBasicCredentials(`bAsIc ${Buffer.from('a:b').toString('base64')}`)).toEqual({
      userId: 'a',
      password: 'b',
    });
  });

  it.each([
    undefined,
    '',
    'Basic',
    'Basic ',
    'Bearer abc',
    'NotBasic ZGVtbzpkZW1v',
    basic('nocolon'),
    basic(':password'),
    'Basic !!!',
  ])('finds no credentials in %j', (header) => {
    expect(parseBasicCredentials(header)).toBeNull();
  });
});
