import { ExpressionError } from '../../../src/engine/errors';
import { ExpressionCompiler, compileExpression, variablesContext } from '../../../src/engine/expression';

const ctx = variablesContext({ name: 'Ada', list: [1], customer: { name: 'Grace' }, nothing: null, flag: true });

function failure(run: () => unknown): ExpressionError {
  try {
    run();
  } catch (err) {
    if (err instanceof ExpressionError) return err;
    throw err;
  }
  throw new Error('expected an ExpressionError');
}

describe('JUEL subset: evaluation errors name the expression (Camunda wording)', () => {
  it.each<[string, string, string]>([
    [
      '${amount > 100}',
      'unknownProperty',
      "Unknown property used in expression: ${amount > 100}. Cause: Cannot resolve identifier 'amount'",
    ],
    [
      'Hi ${who}',
      'unknownProperty',
      "Unknown property used in expression: Hi ${who}. Cause: Cannot resolve identifier 'who'",
    ],
    [
      '${name.nope}',
      'unknownProperty',
      'Unknown property used in expression: ${name.nope}. Cause: Could not find property nope in class java.lang.String',
    ],
    [
      '${list.first}',
      'unknownProperty',
      'Unknown property used in expression: ${list.first}. Cause: Could not find property first in class java.util.ArrayList',
    ],
    [
      '${name.getClass()}',
      'unknownMethod',
      "Unknown method used in expression: ${name.getClass()}. Cause: Cannot find method 'getClass' in 'class java.lang.String'",
    ],
    [
      '${customer.toString()}',
      'unknownMethod',
      "Unknown method used in expression: ${customer.toString()}. Cause: Cannot find method 'toString' in 'class java.util.LinkedHashMap'",
    ],
    [
      '${nothing.size()}',
      'unknownProperty',
      "Unknown property used in expression: ${nothing.size()}. Cause: Target unreachable, base expression 'nothing' resolved to null",
    ],
    [
      "${execution.getVariable('x')}",
      'unknownProperty',
      "Unknown property used in expression: ${execution.getVariable('x')}. Cause: Cannot resolve identifier 'execution'",
    ],
    [
      "${'abc' + 1}",
      'evaluation',
      "Error while evaluating expression: ${'abc' + 1}. Cause: Cannot coerce 'abc' to class java.lang.Long",
    ],
    [
      '${name > 5}',
      'evaluation',
      "Error while evaluating expression: ${name > 5}. Cause: Cannot coerce 'Ada' to class java.lang.Long",
    ],
    [
      '${flag + 1}',
      'evaluation',
      'Error while evaluating expression: ${flag + 1}. Cause: Cannot coerce from class java.lang.Boolean to class java.lang.Long',
    ],
    [
      '${list && true}',
      'evaluation',
      'Error while evaluating expression: ${list && true}. Cause: Cannot coerce from class java.util.ArrayList to class java.lang.Boolean',
    ],
    ['${5 mod 0}', 'evaluation', 'Error while evaluating expression: ${5 mod 0}. Cause: / by zero'],
  ])('%s', (text, kind, message) => {
    const err = failure(() => compileExpression(text).evaluate(ctx));
    expect(err.message).toBe(message);
    expect(err.failure).toBe(kind);
    expect(err.expression).toBe(text);
    expect(err.type).toBe('ProcessEngineException');
  });
});

describe('JUEL subset: syntax errors at compile time', () => {
  it.each<[string, string]>([
    [
      '${amount >}',
      "Error parsing '${amount >}': syntax error at position 10, encountered '}', expected <IDENTIFIER>|",
    ],
    ['${a b}', "Error parsing '${a b}': syntax error at position 4, encountered 'b', expected '}' or an operator"],
    ['${amount', "Error parsing '${amount': syntax error at position 8, encountered <EOF>, expected '}'"],
    ['${}', "Error parsing '${}': syntax error at position 2, encountered '}'"],
    ["${'open}", "Error parsing '${'open}': syntax error at position 2, encountered an unterminated string literal"],
    ['${a = 1}', "Error parsing '${a = 1}': syntax error at position 4, encountered '='"],
    ['${(1 + 2}', "Error parsing '${(1 + 2}': syntax error at position 8, encountered '}', expected ')'"],
    ['${a ? b}', "expected ':'"],
    ['${a}#{b}', "an expression cannot mix '${...}' and '#{...}'"],
    ['${Runtime.getRuntime().exec("x")}', "Cannot resolve identifier 'Runtime'"],
    ['${System.exit(0)}', "Cannot resolve identifier 'System'"],
    ['${eval("1")}', "Could not resolve function 'eval'"],
    ['${a instanceof b}', "encountered 'instanceof'"],
    ['${' + '('.repeat(500) + '1' + ')'.repeat(500) + '}', 'nested deeper than 100 levels'],
    ['${' + '1+'.repeat(5000) + '1}', 'expression longer than 2000 tokens'],
  ])('%s', (text, message) => {
    let err: ExpressionError | undefined;
    try {
      compileExpression(text).evaluate(variablesContext({}));
    } catch (e) {
      err = e as ExpressionError;
    }
    expect(err).toBeInstanceOf(ExpressionError);
    expect(err!.message).toContain(message);
  });
});

describe('ExpressionCompiler', () => {
  it('compiles a text once and returns the cached instance', () => {
    const compiler = new ExpressionCompiler();
    const first = compiler.compile('${a > 1}');
    expect(compiler.compile(' ${a > 1} ')).toBe(first);
    expect(first.identifiers).toEqual(['a']);
    expect(first.isLiteral).toBe(false);
    expect(compiler.compile('demo').isLiteral).toBe(true);
  });

  it('evicts the oldest entries beyond its bound', () => {
    const compiler = new ExpressionCompiler(2);
    const a = compiler.compile('${a}');
    compiler.compile('${b}');
    compiler.compile('${c}');
    expect(compiler.compile('${a}')).not.toBe(a);
  });

  it('compiled expressions are frozen', () => {
    expect(Object.isFrozen(compileExpression('${x}'))).toBe(true);
  });
});
