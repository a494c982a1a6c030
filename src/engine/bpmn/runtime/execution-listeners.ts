import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ExpressionListenerConfig } from '../model';
import type { RuntimeContext } from './runtime-context';
import { expressionContext } from './expression-scope';
import { callHostCode, isThenable } from './host-code';

/**
 * Execution listeners (start, end, take): expressions, whose value is ignored as in Camunda, or host code
 * (`notify(execution)`, embedded engines). Async host code finishes before the command's next step.
 */
export function fireListeners(ctx: RuntimeContext, execution: ExecutionEntity, listeners: readonly ExpressionListenerConfig[], event: string): void {
  for (const listener of listeners) {
    if (listener.event !== event) continue;
    const value = listener.delegate
      ? callHostCode(ctx, execution, listener.delegate, 'notify', event)
      : listener.expression.evaluate(expressionContext(ctx, execution, event));
    if (isThenable(value)) ctx.agenda.waitFor(value);
  }
}
