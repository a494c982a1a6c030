import {
  compileExpression,
  compileUnaryTests,
  CompiledFeelExpression,
  CompiledUnaryTests,
  FeelSyntaxFailure,
  unparsableExpression,
  unparsableUnaryTests,
} from './feel-expression';
import { ExpressionError } from '../errors';
import { compileJuelExpression, compileJuelUnaryTests } from './juel-expression';
import { ParseProblems } from './parse-problems';
import { DmnDialect, ItemDefinitionType, resolveTypeRef, TypeDefinition } from './type-ref';

/** Where a FEEL text sits, for parse messages: innermost element id first. */
export interface CellLocation {
  what: string;
  elementIds: Array<string | null | undefined>;
}

/** Unsupported expression language: the decision is kept but fails when evaluated. */
export class UnsupportedLanguage extends Error {}

/** Everything compiling one decision needs from the model around it. */
export class CompileScope {
  constructor(
    readonly problems: ParseProblems,
    readonly dialect: DmnDialect,
    readonly itemDefinitions: ReadonlyMap<string, ItemDefinitionType>,
    /** Names the model declares, so that FEEL can parse names with spaces or operators. */
    readonly knownNames: Record<string, unknown>,
    private readonly defaultLanguage: string | undefined,
  ) {}

  /** The same scope with another default expression language (a decision's own), or itself. */
  within(language: string | undefined): CompileScope {
    if (!language) return this;
    return new CompileScope(this.problems, this.dialect, this.itemDefinitions, this.knownNames, language);
  }

  type(typeRef: string | null | undefined): TypeDefinition {
    return resolveTypeRef(typeRef, this.itemDefinitions, this.dialect);
  }

  /**
   * Returns null for empty text. Text that does not parse is a warning and an expression that fails when
   * evaluated: Camunda parses FEEL only then, so such a decision deploys (often legacy JUEL-style text).
   */
  expression(text: string | undefined, language: string | undefined, at: CellLocation): CompiledFeelExpression | null {
    if (text === undefined || text.trim() === '') return null;
    if (this.language(language, at) === 'juel') return this.juel(text, at, compileJuelExpression);
    try {
      return compileExpression(text, this.knownNames);
    } catch (err) {
      return unparsableExpression(this.syntaxProblem(err, at));
    }
  }

  unaryTests(text: string | undefined, language: string | undefined, at: CellLocation): CompiledUnaryTests {
    if (text !== undefined && text.trim() !== '' && text.trim() !== '-' && this.language(language, at) === 'juel') {
      return this.juel(text, at, compileJuelUnaryTests);
    }
    try {
      return compileUnaryTests(text ?? '', this.knownNames);
    } catch (err) {
      return unparsableUnaryTests(this.syntaxProblem(err, at));
    }
  }

  /** FEEL unless the element or the definitions say `juel` (Camunda 7's legacy choice); other languages are unsupported. */
  private language(language: string | undefined, at: CellLocation): 'feel' | 'juel' {
    const effective = language ?? this.defaultLanguage;
    if (!effective || /feel/i.test(effective)) return 'feel';
    if (/^juel$/i.test(effective.trim())) return 'juel';
    throw new UnsupportedLanguage(
      `the expression language '${effective}' of ${at.what} is not supported (only FEEL and JUEL)`,
    );
  }

  private juel<T>(text: string, at: CellLocation, compile: (text: string) => T): T {
    try {
      return compile(text);
    } catch (err) {
      if (!(err instanceof ExpressionError)) throw err;
      this.problems.error(`JUEL syntax error in ${at.what}: ${err.message}`, at.elementIds);
      return compile('${null}');
    }
  }

  private syntaxProblem(err: unknown, at: CellLocation): FeelSyntaxFailure {
    if (!(err instanceof FeelSyntaxFailure)) throw err;
    this.problems.warning(
      `FEEL syntax error in ${at.what}: ${err.reason} at position ${err.position} of '${err.text}'; evaluating the decision will fail`,
      at.elementIds,
    );
    return err;
  }
}
