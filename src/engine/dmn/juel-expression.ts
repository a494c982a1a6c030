import { CompiledExpression, compileExpression as compileJuel, variablesContext } from '../expression';
import { FeelShape } from './feel-analysis';
import { CompiledFeelExpression, CompiledUnaryTests, FeelContext, FeelEvaluationFailure } from './feel-expression';

const JUEL_SHAPE: FeelShape = { syntaxError: null, usesVariables: true, bareVariable: null };

function run(expression: CompiledExpression, context: FeelContext): unknown {
  try {
    return expression.evaluate(variablesContext(context));
  } catch (err) {
    throw new FeelEvaluationFailure(expression.text, err, 'JUEL');
  }
}

/** `expressionLanguage="juel"`: evaluated by the project's expression evaluator over the decision's variables, as Camunda 7 does. */
class JuelExpression extends CompiledFeelExpression {
  constructor(private readonly juel: CompiledExpression) {
    super(juel.text, JUEL_SHAPE);
  }

  override evaluate(context: FeelContext): unknown {
    return run(this.juel, context);
  }
}

/** A JUEL input entry is an expression over the input (`cellInput` or the input variable); it matches when it yields true. */
class JuelUnaryTests extends CompiledUnaryTests {
  constructor(private readonly juel: CompiledExpression) {
    super(juel.text, JUEL_SHAPE);
  }

  override test(_input: unknown, cellContext: () => FeelContext): boolean {
    return run(this.juel, cellContext()) === true;
  }
}

/** Throws the project's ExpressionError for text that does not parse. */
export function compileJuelExpression(text: string): CompiledFeelExpression {
  return new JuelExpression(compileJuel(text));
}

export function compileJuelUnaryTests(text: string): CompiledUnaryTests {
  return new JuelUnaryTests(compileJuel(text));
}
