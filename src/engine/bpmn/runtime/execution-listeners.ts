import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ExecutionListenerConfig } from '../model';
import type { RuntimeContext } from './runtime-context';
import { expressionContext } from './expression-scope';
import { runScript } from './scripts';
import { callHostCode } from './host-code';

/**
 * Execution listeners (start, end, take): expressions (their value is ignored, as in Camunda), JavaScript in the
 * sandbox, or host code (`notify(execution)`, embedded engines), each finished before the next.
 */
export async function fireListeners(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  listeners: readonly ExecutionListenerConfig[],
  event: string,
  elementId: string | null = null,
): Promise<void> {
  for (const listener of listeners) {
    if (listener.event !== event) continue;
    if ('script' in listener)
      await runScript(
        ctx,
        execution,
        listener.script,
        elementId ?? execution.activityId ?? execution.processDefinitionId,
        event,
      );
    else if (listener.delegate) await callHostCode(ctx, execution, listener.delegate, 'notify', event);
    else listener.expression.evaluate(expressionContext(ctx, execution, event));
  }
}
