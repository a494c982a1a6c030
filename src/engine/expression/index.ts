export {
  CompiledExpression,
  ExpressionCompiler,
  compileExpression,
  containsExpression,
  sharedExpressionCompiler,
} from './expression-compiler';
export { HOST_OBJECT, isHostObject, variablesContext } from './expression-context';
export type { ExpressionContext, ExpressionExecution, HostObject, Lookup } from './expression-context';
export { executionHostObject } from './execution-host-object';
export { expressionValue } from './spin-json-host-object';
