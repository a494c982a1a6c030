import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ExpressionListenerConfig } from '../model';
import type { RuntimeContext } from './runtime-context';
import { expressionContext } from './expression-scope';

/** Expression execution listeners (start, end, take); the expression's value is ignored, as in Camunda. */
export function fireListeners(ctx: RuntimeContext, execution: ExecutionEntity, listeners: readonly ExpressionListenerConfig[], event: string): void {
  for (const listener of listeners) {
    if (listener.event === event) listener.expression.evaluate(expressionContext(ctx, execution, event));
  }
}
