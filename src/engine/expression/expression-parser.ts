import { AstNode, BinaryOperator, TemplatePart } from './expression-ast';
import { ElFailure, syntaxFailure } from './expression-failure';
import { Token, tokenizeEval } from './expression-tokenizer';

/** Functions JUEL resolves at parse time in Camunda (its function mapper); anything else is a syntax-time error. */
export const KNOWN_FUNCTIONS: ReadonlySet<string> = new Set([
  'now',
  'dateTime',
  'currentUser',
  'currentUserGroups',
  'S',
  'JSON',
]);

/**
 * Deep nesting and endless operator chains are legal but never needed; the limits keep a hostile
 * model from exhausting the stack while parsing or (for left-nested chains) while evaluating.
 */
const MAX_DEPTH = 100;
const MAX_TOKENS = 2000;

const EQUALITY: Record<string, BinaryOperator> = { '==': '==', eq: '==', '!=': '!=', ne: '!=' };
const RELATIONAL: Record<string, BinaryOperator> = {
  '<': '<',
  lt: '<',
  '>': '>',
  gt: '>',
  '<=': '<=',
  le: '<=',
  '>=': '>=',
  ge: '>=',
};
const ADDITIVE: Record<string, BinaryOperator> = { '+': '+', '-': '-' };
const MULTIPLICATIVE: Record<string, BinaryOperator> = { '*': '*', '/': '/', div: '/', '%': '%', mod: '%' };

export interface ParsedTemplate {
  parts: TemplatePart[];
  identifiers: string[];
}

/** Splits `literal ${eval} literal` into parts; `\${` and `\#{` stay literal text. */
export function parseTemplate(text: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const identifiers = new Set<string>();
  let literal = '';
  let marker: string | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && (text[i + 1] === '$' || text[i + 1] === '#') && text[i + 2] === '{') {
      literal += text.slice(i + 1, i + 3);
      i += 3;
    } else if ((c === '$' || c === '#') && text[i + 1] === '{') {
      if (marker !== null && marker !== c) {
        throw new ElFailure('syntax', "an expression cannot mix '${...}' and '#{...}'");
      }
      marker = c;
      if (literal) parts.push(literal);
      literal = '';
      const { tokens, end } = tokenizeEval(text, i + 2);
      if (tokens.length > MAX_TOKENS) throw new ElFailure('syntax', `expression longer than ${MAX_TOKENS} tokens`);
      parts.push(new Parser(text, tokens, identifiers).parseBody());
      i = end;
    } else {
      literal += c;
      i++;
    }
  }
  if (literal) parts.push(literal);
  return { parts, identifiers: [...identifiers] };
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
    private readonly identifiers: Set<string>,
  ) {}

  parseBody(): AstNode {
    const node = this.expression();
    const next = this.peek();
    if (next.type !== 'close') throw this.unexpected(next, "'}' or an operator");
    return node;
  }

  private expression(): AstNode {
    if (++this.depth > MAX_DEPTH) throw new ElFailure('syntax', `expression nested deeper than ${MAX_DEPTH} levels`);
    const test = this.or();
    let node = test;
    if (this.accept('?')) {
      const then = this.expression();
      this.expect(':');
      node = { kind: 'conditional', test, then, otherwise: this.expression() };
    }
    this.depth--;
    return node;
  }

  private or(): AstNode {
    let left = this.and();
    while (this.accept('||') || this.accept('or')) left = { kind: 'logical', op: '||', left, right: this.and() };
    return left;
  }

  private and(): AstNode {
    let left = this.equality();
    while (this.accept('&&') || this.accept('and')) left = { kind: 'logical', op: '&&', left, right: this.equality() };
    return left;
  }

  private readonly equality = (): AstNode => this.binary(EQUALITY, this.relational);
  private readonly relational = (): AstNode => this.binary(RELATIONAL, this.additive);
  private readonly additive = (): AstNode => this.binary(ADDITIVE, this.multiplicative);
  private readonly multiplicative = (): AstNode => this.binary(MULTIPLICATIVE, () => this.unary());

  private binary(operators: Record<string, BinaryOperator>, operand: () => AstNode): AstNode {
    let left = operand();
    for (;;) {
      const token = this.peek();
      const isOperator =
        (token.type === 'operator' || token.type === 'keyword') && Object.hasOwn(operators, token.text);
      if (!isOperator) return left;
      this.index++;
      left = { kind: 'binary', op: operators[token.text], left, right: operand() };
    }
  }

  private unary(): AstNode {
    if (++this.depth > MAX_DEPTH) throw new ElFailure('syntax', `expression nested deeper than ${MAX_DEPTH} levels`);
    let node: AstNode;
    if (this.accept('-')) node = { kind: 'unary', op: '-', operand: this.unary() };
    else if (this.accept('!') || this.accept('not')) node = { kind: 'unary', op: '!', operand: this.unary() };
    else if (this.accept('empty')) node = { kind: 'unary', op: 'empty', operand: this.unary() };
    else node = this.value();
    this.depth--;
    return node;
  }

  private value(): AstNode {
    const start = this.peek().position;
    let node = this.primary();
    for (;;) {
      const source = this.text.slice(start, this.tokens[this.index - 1].end);
      if (this.accept('.')) {
        const name = this.next();
        if (name.type !== 'identifier' && name.type !== 'keyword') throw this.unexpected(name, '<IDENTIFIER>');
        if (this.accept('(')) node = { kind: 'method', base: node, name: name.text, args: this.args(), source };
        else node = { kind: 'property', base: node, property: { kind: 'literal', value: name.text }, source };
      } else if (this.accept('[')) {
        const property = this.expression();
        this.expect(']');
        node = { kind: 'property', base: node, property, source };
      } else {
        return node;
      }
    }
  }

  private primary(): AstNode {
    const token = this.next();
    switch (token.type) {
      case 'number':
        return { kind: 'literal', value: Number(token.text) };
      case 'string':
        return { kind: 'literal', value: token.text };
      case 'identifier':
        if (this.accept('(')) {
          if (!KNOWN_FUNCTIONS.has(token.text))
            throw new ElFailure('syntax', `Could not resolve function '${token.text}'`);
          return { kind: 'function', name: token.text, args: this.args() };
        }
        this.identifiers.add(token.text);
        return { kind: 'identifier', name: token.text };
      case 'keyword':
        if (token.text === 'true' || token.text === 'false') return { kind: 'literal', value: token.text === 'true' };
        if (token.text === 'null') return { kind: 'literal', value: null };
        break;
      case 'operator':
        if (token.text === '(') {
          const inner = this.expression();
          this.expect(')');
          return inner;
        }
        break;
    }
    throw this.unexpected(
      token,
      "<IDENTIFIER>|<STRING>|<FLOAT>|<INTEGER>|'true'|'false'|'null'|'-'|'!'|'not'|'empty'|'('",
    );
  }

  private args(): AstNode[] {
    const args: AstNode[] = [];
    if (this.accept(')')) return args;
    do args.push(this.expression());
    while (this.accept(','));
    this.expect(')');
    return args;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    // the closing brace is always the last token: never step past it
    if (token.type !== 'close') this.index++;
    return token;
  }

  private accept(text: string): boolean {
    const token = this.peek();
    if ((token.type === 'operator' || token.type === 'keyword') && token.text === text) {
      this.index++;
      return true;
    }
    return false;
  }

  private expect(text: string): void {
    if (!this.accept(text)) throw this.unexpected(this.peek(), `'${text}'`);
  }

  private unexpected(token: Token, expected: string): ElFailure {
    const shown = token.type === 'string' ? `<STRING>` : token.type === 'number' ? `<NUMBER>` : `'${token.text}'`;
    return syntaxFailure(token.position, shown, expected);
  }
}
