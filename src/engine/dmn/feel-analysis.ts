import { parseExpression, parseUnaryTests } from 'feelin';

type FeelTree = ReturnType<typeof parseExpression>;

export type FeelKind = 'expression' | 'unaryTests';

export interface FeelSyntaxProblem {
  message: string;
  position: number;
}

/** What the compiler needs to know about a FEEL text before it is ever evaluated. */
export interface FeelShape {
  syntaxError: FeelSyntaxProblem | null;
  /** False when the text names no variable and calls no function: its value never depends on the context. */
  usesVariables: boolean;
  /** The variable name when the whole expression is one variable reference (the usual input expression). */
  bareVariable: string | null;
  /**
   * For unary tests made only of literals compared with the input (`"gold"`, `1000`, `< 1000`, `>= 2.5`,
   * comma-separated): the same test as plain JavaScript for inputs that are numbers, strings or null, so that
   * evaluating the cell needs no parse; `undefined` for other inputs (feelin answers those).
   */
  literalTest?: LiteralTest;
}

/**
 * Parses once with feelin's own grammar (lezer-feel). `knownNames` are the names the model declares;
 * the parser needs them to read names that contain operators or keywords.
 */
export function analyseFeel(text: string, kind: FeelKind, knownNames: Record<string, unknown>): FeelShape {
  const tree: FeelTree =
    kind === 'expression' ? parseExpression(text, knownNames, undefined) : parseUnaryTests(text, knownNames, undefined);
  let syntaxError: FeelSyntaxProblem | null = null;
  let usesVariables = false;
  tree.iterate({
    enter(node) {
      if (node.type.isError) {
        syntaxError ??= describeError(text, node.node);
        return false;
      }
      // Function names are VariableName nodes too, so now() and today() count as variable use.
      if (node.name === 'VariableName') usesVariables = true;
      return undefined;
    },
  });
  if (kind === 'expression') return { syntaxError, usesVariables, bareVariable: bareVariableOf(tree, text) };
  const literalTest = syntaxError || usesVariables ? null : literalTestOf(tree, text);
  return { syntaxError, usesVariables, bareVariable: null, ...(literalTest ? { literalTest } : {}) };
}

/** true or false, or undefined where feelin must answer. */
export type LiteralTest = (input: unknown) => boolean | undefined;

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

/**
 * FEEL's answers for these forms, as feelin gives them, for inputs of the plain types: a string literal equals only
 * a string with the same characters, a number only the same number, a comparison holds for numbers only, and null
 * matches none of them. For other inputs (lists, which feelin tests element by element; booleans and strings, which
 * it compares with numbers the JavaScript way) the answer is left to feelin, as are other forms (escapes in
 * strings, ranges, `not(...)`, anything with a name).
 */
function literalTestOf(tree: FeelTree, text: string): LiteralTest | null {
  const top = tree.topNode.firstChild;
  if (!top || top.name !== 'PositiveUnaryTests' || top.nextSibling) return null;
  const tests: ((input: string | number) => boolean)[] = [];
  let compares = false;
  for (let test = top.firstChild; test; test = test.nextSibling) {
    if (test.name !== 'PositiveUnaryTest') return null;
    const one = test.firstChild;
    if (!one || one.nextSibling) return null;
    const source = text.slice(one.from, one.to);
    if (one.name === 'StringLiteral') {
      if (source.includes('\\')) return null;
      const value = source.slice(1, -1);
      tests.push((input) => input === value);
    } else if (one.name === 'NumericLiteral' && Number.isFinite(Number(source))) {
      const value = Number(source);
      tests.push((input) => input === value);
    } else if (one.name === 'SimplePositiveUnaryTest') {
      const op = one.firstChild;
      const operand = op?.nextSibling;
      const compare = op?.name === 'CompareOp' ? COMPARE[text.slice(op.from, op.to)] : undefined;
      if (!compare || !operand || operand.name !== 'NumericLiteral' || operand.nextSibling) return null;
      const value = Number(text.slice(operand.from, operand.to));
      if (!Number.isFinite(value)) return null;
      compares = true;
      tests.push((input) => typeof input === 'number' && compare(input, value));
    } else {
      return null;
    }
  }
  if (!tests.length) return null;
  const any = (input: string | number): boolean => tests.some((t) => t(input));
  return (input) => {
    if (input === null) return false;
    if (typeof input === 'number' || (typeof input === 'string' && !compares)) return any(input);
    return undefined;
  };
}

type SyntaxNode = Parameters<Parameters<FeelTree['iterate']>[0]['enter']>[0]['node'];

// Mirrors feelin's own lint messages, so the parse-time error reads like the one evaluation would throw.
function describeError(text: string, node: SyntaxNode): FeelSyntaxProblem {
  const parent = node.parent?.name ?? 'Expression';
  if (node.from !== node.to) {
    return { message: `Unrecognized token '${text.slice(node.from, node.to)}' in <${parent}>`, position: node.from };
  }
  for (let at: SyntaxNode | null = node; at; at = at.parent) {
    const next = at.nextSibling;
    if (next)
      return { message: `Unrecognized token '${text.slice(next.from, next.to)}' in <${parent}>`, position: next.from };
  }
  return { message: `Incomplete <${parent}>`, position: node.from };
}

function bareVariableOf(tree: FeelTree, text: string): string | null {
  const top = tree.topNode.firstChild;
  if (!top || top.name !== 'VariableName' || top.nextSibling) return null;
  const name = text.slice(top.from, top.to);
  return name === text.trim() ? name : null;
}
