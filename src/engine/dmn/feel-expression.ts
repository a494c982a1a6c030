import { evaluate, unaryTest } from 'feelin';
import { analyseFeel, FeelShape } from './feel-analysis';

export type FeelContext = Record<string, unknown>;

/** A FEEL evaluation that threw inside feelin; the decision evaluator names the decision and the cell. */
export class FeelEvaluationFailure extends Error {
  constructor(
    readonly text: string,
    cause: unknown,
    language = 'FEEL',
  ) {
    super(`failed to evaluate ${language} '${text}': ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Thrown by the compile functions; the parser turns it into a parse problem with the element's location. */
export class FeelSyntaxFailure extends Error {
  constructor(
    readonly text: string,
    readonly reason: string,
    readonly position: number,
  ) {
    super(`the FEEL text '${text}' does not parse: ${reason} at position ${position}`);
  }
}

const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * feelin has no public compiled form: every evaluate() parses the text again. What can be saved is:
 * a bare variable reference is read straight from the context, and a text that uses no variables is
 * evaluated once and its value kept.
 */
export class CompiledFeelExpression {
  private constant: { value: unknown } | null = null;

  constructor(
    readonly text: string,
    private readonly shape: FeelShape,
  ) {}

  evaluate(context: FeelContext): unknown {
    const name = this.shape.bareVariable;
    // A name alone is a variable: a missing one is null, never the FEEL built-in function of that name (`sum`).
    if (name !== null) return hasOwn(context, name) ? context[name] : null;
    if (!this.shape.usesVariables) {
      this.constant ??= { value: this.run({}) };
      return this.constant.value;
    }
    return this.run(context);
  }

  private run(context: FeelContext): unknown {
    try {
      const value = evaluate(this.text, context).value ?? null;
      // A function is no DMN value; passing it on would put its source text into messages.
      return typeof value === 'function' ? null : value;
    } catch (err) {
      throw new FeelEvaluationFailure(this.text, err);
    }
  }
}

const MEMO_LIMIT = 1024;

/**
 * Unary tests of one cell. Empty and `-` match anything without asking feelin (which rejects empty text).
 * A cell that names no variable depends only on the input value, so results for primitive inputs are
 * remembered (bounded per cell).
 */
export class CompiledUnaryTests {
  readonly matchesAll: boolean;
  private readonly memo: Map<unknown, boolean> | null;

  constructor(
    readonly text: string,
    private readonly shape: FeelShape | null,
  ) {
    this.matchesAll = shape === null;
    this.memo = shape && !shape.usesVariables ? new Map() : null;
  }

  /** `cellContext` is only called for cells that reference variables; it must hold `?`. */
  test(input: unknown, cellContext: () => FeelContext): boolean {
    if (this.matchesAll) return true;
    const literal = this.shape?.literalTest?.(input);
    if (literal !== undefined) return literal;
    if (this.memo && isMemoKey(input)) {
      const known = this.memo.get(input);
      if (known !== undefined) return known;
      const result = this.run({ '?': input });
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      this.memo.set(input, result);
      return result;
    }
    return this.run(this.memo ? { '?': input } : cellContext());
  }

  private run(context: FeelContext): boolean {
    try {
      return unaryTest(this.text, context).value === true;
    } catch (err) {
      throw new FeelEvaluationFailure(this.text, err);
    }
  }
}

function isMemoKey(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The shape given to texts that do not parse: never read, as their evaluation fails before. */
const UNPARSABLE: FeelShape = { syntaxError: null, usesVariables: true, bareVariable: null };

/**
 * Stands in for an expression whose text does not parse. Camunda parses FEEL only when it evaluates, so a
 * decision with such a cell deploys and fails when that cell is evaluated; the evaluator names the cell.
 */
class UnparsableFeelExpression extends CompiledFeelExpression {
  constructor(private readonly failure: FeelSyntaxFailure) {
    super(failure.text, UNPARSABLE);
  }

  override evaluate(): never {
    throw this.failure;
  }
}

/** The unary-tests counterpart of UnparsableFeelExpression. */
class UnparsableUnaryTests extends CompiledUnaryTests {
  constructor(private readonly failure: FeelSyntaxFailure) {
    super(failure.text, UNPARSABLE);
  }

  override test(): never {
    throw this.failure;
  }
}

export function unparsableExpression(failure: FeelSyntaxFailure): CompiledFeelExpression {
  return new UnparsableFeelExpression(failure);
}

export function unparsableUnaryTests(failure: FeelSyntaxFailure): CompiledUnaryTests {
  return new UnparsableUnaryTests(failure);
}

export function compileExpression(text: string, knownNames: FeelContext): CompiledFeelExpression {
  const shape = analyseFeel(text, 'expression', knownNames);
  if (shape.syntaxError) throw new FeelSyntaxFailure(text, shape.syntaxError.message, shape.syntaxError.position);
  return new CompiledFeelExpression(text, shape);
}

export function compileUnaryTests(text: string, knownNames: FeelContext): CompiledUnaryTests {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return new CompiledUnaryTests(text, null);
  const shape = analyseFeel(text, 'unaryTests', knownNames);
  if (shape.syntaxError) throw new FeelSyntaxFailure(text, shape.syntaxError.message, shape.syntaxError.position);
  return new CompiledUnaryTests(text, shape);
}
