import { ExpressionError } from '../errors';
import { AstNode, TemplatePart } from './expression-ast';
import { coerceToString } from './expression-coercion';
import { ExpressionContext } from './expression-context';
import { evaluateNode } from './expression-evaluator';
import { ElFailure } from './expression-failure';
import { parseTemplate } from './expression-parser';
import { SPIN_METHODS } from './spin-json-host-object';

/**
 * A `${...}`/`#{...}` expression compiled once. Immutable; safe to share between threads of work
 * and to keep in the parsed process graph.
 */
export class CompiledExpression {
  /** True when the text holds no `${...}`: the value is the text itself (e.g. assignee="demo"). */
  readonly isLiteral: boolean;
  /** Top-level identifiers the expression reads (variables, or `execution`). */
  readonly identifiers: readonly string[];
  /** Top-level names a method is called on, directly or through properties (`bean` in `${bean.calc(x)}`). */
  readonly methodTargets: readonly string[];
  /**
   * JUEL's number literals and its integral arithmetic are Long: a whole number this expression computes is a Long
   * (`${43}`, `${x + 5}`), where a variable read as it is keeps its own type.
   */
  readonly computesLong: boolean;
  private readonly parts: readonly TemplatePart[];

  constructor(readonly text: string) {
    let parsed;
    try {
      parsed = parseTemplate(text);
    } catch (err) {
      if (err instanceof ElFailure) {
        throw new ExpressionError(`Error parsing '${text}': ${err.message}`, text, 'syntax');
      }
      throw err;
    }
    this.parts = Object.freeze(parsed.parts);
    this.identifiers = Object.freeze(parsed.identifiers);
    this.methodTargets = Object.freeze(methodTargets(parsed.parts));
    this.isLiteral = parsed.parts.every((p) => typeof p === 'string');
    this.computesLong = parsed.parts.length === 1 && typeof parsed.parts[0] !== 'string' && isLong(parsed.parts[0]);
    Object.freeze(this);
  }

  /**
   * A single `${...}` yields its value unchanged; literal text around or between parts makes a
   * composite whose parts are rendered as strings (null as ''), as JUEL does.
   */
  evaluate(ctx: ExpressionContext): unknown {
    try {
      if (this.parts.length === 0) return '';
      if (this.parts.length === 1) {
        const only = this.parts[0];
        return typeof only === 'string' ? only : evaluateNode(only, ctx);
      }
      return this.parts.map((p) => (typeof p === 'string' ? p : coerceToString(evaluateNode(p, ctx)))).join('');
    } catch (err) {
      if (err instanceof ElFailure) throw this.wrap(err);
      throw err;
    }
  }

  /** Sequence-flow and conditional-event semantics: the value must be a Boolean (Camunda's UelExpressionCondition). */
  evaluateCondition(ctx: ExpressionContext): boolean {
    const value = this.evaluate(ctx);
    if (typeof value === 'boolean') return value;
    if (value == null) {
      throw new ExpressionError('condition expression returns null: result is null', this.text, 'evaluation');
    }
    const javaClass =
      typeof value === 'string'
        ? 'java.lang.String'
        : typeof value === 'number'
          ? 'java.lang.Long'
          : 'java.lang.Object';
    throw new ExpressionError(
      `condition expression returns non-Boolean: ${coerceToString(value)} (${javaClass})`,
      this.text,
      'evaluation',
    );
  }

  private wrap(err: ElFailure): ExpressionError {
    const lead =
      err.failure === 'unknownProperty'
        ? 'Unknown property used in expression'
        : err.failure === 'unknownMethod'
          ? 'Unknown method used in expression'
          : 'Error while evaluating expression';
    return new ExpressionError(`${lead}: ${this.text}. Cause: ${err.message}`, this.text, err.failure);
  }
}

/**
 * Compiles and caches expressions by text. The cache is bounded (oldest entries go first) because
 * texts come from deployments and, through the REST API, from users.
 */
function rootName(node: AstNode): string | null {
  if (node.kind === 'identifier') return node.name;
  return node.kind === 'property' || node.kind === 'method' ? rootName(node.base) : null;
}

function usesSpin(node: AstNode): boolean {
  if (node.kind === 'method' && SPIN_METHODS.has(node.name)) return true;
  return node.kind === 'property' || node.kind === 'method' ? usesSpin(node.base) : false;
}

function methodTargets(parts: readonly TemplatePart[]): string[] {
  const out = new Set<string>();
  const walk = (node: AstNode): void => {
    switch (node.kind) {
      case 'method': {
        // A chain through Spin's methods reads a Json variable, which Camunda resolves before any bean of that name.
        const root = usesSpin(node) ? null : rootName(node.base);
        if (root !== null) out.add(root);
        walk(node.base);
        node.args.forEach(walk);
        return;
      }
      case 'property':
        walk(node.base);
        walk(node.property);
        return;
      case 'function':
        node.args.forEach(walk);
        return;
      case 'unary':
        walk(node.operand);
        return;
      case 'binary':
      case 'logical':
        walk(node.left);
        walk(node.right);
        return;
      case 'conditional':
        walk(node.test);
        walk(node.then);
        walk(node.otherwise);
        return;
      default:
        return;
    }
  };
  for (const part of parts) if (typeof part !== 'string') walk(part);
  return [...out];
}

/** Whether JUEL gives a Long for this node whenever its value is a whole number. */
function isLong(node: AstNode): boolean {
  switch (node.kind) {
    case 'literal':
      return typeof node.value === 'number';
    case 'unary':
      return node.op === '-';
    case 'binary':
      return node.op === '+' || node.op === '-' || node.op === '*' || node.op === '%';
    case 'conditional':
      return isLong(node.then) && isLong(node.otherwise);
    default:
      return false;
  }
}

export class ExpressionCompiler {
  private readonly cache = new Map<string, CompiledExpression>();

  constructor(private readonly maxEntries = 2000) {}

  /** Camunda trims expression texts before parsing; so do we. Throws ExpressionError on syntax errors. */
  compile(text: string): CompiledExpression {
    const key = text.trim();
    const cached = this.cache.get(key);
    if (cached) return cached;
    const compiled = new CompiledExpression(key);
    if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, compiled);
    return compiled;
  }
}

/** A process-wide cache; compiled expressions are immutable and depend only on their text, so sharing is safe. */
export const sharedExpressionCompiler = new ExpressionCompiler();

export function compileExpression(text: string): CompiledExpression {
  return sharedExpressionCompiler.compile(text);
}

/** Whether a text contains a `${...}` or `#{...}` part (an unescaped one). */
export function containsExpression(text: string): boolean {
  return /(^|[^\\])[$#]\{/.test(text);
}
