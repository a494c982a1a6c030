import { ElFailure, syntaxFailure } from './expression-failure';

export type TokenType = 'number' | 'string' | 'identifier' | 'keyword' | 'operator' | 'close';

export interface Token {
  readonly type: TokenType;
  /** Operator/keyword text, identifier name, decoded string content or number source. */
  readonly text: string;
  /** Offset in the whole expression text (JUEL reports positions the same way). */
  readonly position: number;
  readonly end: number;
}

const KEYWORDS = new Set([
  'true',
  'false',
  'null',
  'empty',
  'not',
  'and',
  'or',
  'div',
  'mod',
  'eq',
  'ne',
  'lt',
  'gt',
  'le',
  'ge',
  'instanceof',
]);
const TWO_CHAR_OPERATORS = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const ONE_CHAR_OPERATORS = new Set(['+', '-', '*', '/', '%', '<', '>', '!', '?', ':', '.', '[', ']', '(', ')', ',']);

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentifierStart = (c: string) => /[A-Za-z_$]/.test(c);
const isIdentifierPart = (c: string) => /[A-Za-z0-9_$]/.test(c);

/**
 * Tokenizes one `${...}` body starting at `start` (just after the opening brace) and stops at the
 * closing brace, which JUEL never allows inside an eval body except within string literals.
 */
export function tokenizeEval(text: string, start: number): { tokens: Token[]; end: number } {
  const tokens: Token[] = [];
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '}') {
      tokens.push({ type: 'close', text: '}', position: i, end: i + 1 });
      return { tokens, end: i + 1 };
    } else if (c === "'" || c === '"') {
      i = readString(text, i, tokens);
    } else if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      i = readNumber(text, i, tokens);
    } else if (isIdentifierStart(c)) {
      let j = i + 1;
      while (j < text.length && isIdentifierPart(text[j])) j++;
      const word = text.slice(i, j);
      tokens.push({ type: KEYWORDS.has(word) ? 'keyword' : 'identifier', text: word, position: i, end: j });
      i = j;
    } else if (TWO_CHAR_OPERATORS.has(text.slice(i, i + 2))) {
      tokens.push({ type: 'operator', text: text.slice(i, i + 2), position: i, end: i + 2 });
      i += 2;
    } else if (ONE_CHAR_OPERATORS.has(c)) {
      tokens.push({ type: 'operator', text: c, position: i, end: i + 1 });
      i++;
    } else {
      throw syntaxFailure(i, `'${c}'`, 'a value or an operator');
    }
  }
  throw syntaxFailure(text.length, '<EOF>', "'}'");
}

function readString(text: string, start: number, tokens: Token[]): number {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && (text[i + 1] === quote || text[i + 1] === '\\')) {
      value += text[i + 1];
      i += 2;
    } else if (c === quote) {
      tokens.push({ type: 'string', text: value, position: start, end: i + 1 });
      return i + 1;
    } else {
      value += c;
      i++;
    }
  }
  throw new ElFailure('syntax', `syntax error at position ${start}, encountered an unterminated string literal`);
}

function readNumber(text: string, start: number, tokens: Token[]): number {
  const match = /^(\d*\.\d+|\d+\.?\d*)([eE][+-]?\d+)?/.exec(text.slice(start));
  const source = match![0];
  tokens.push({ type: 'number', text: source, position: start, end: start + source.length });
  return start + source.length;
}
