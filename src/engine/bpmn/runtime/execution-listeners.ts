import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ExecutionListenerConfig } from '../model';
import type { RuntimeContext } from './runtime-context';
import { expressionContext } from './expression-scope';
import { runScript } from './scripts';

/** Execution listeners (start, end, take): expressions, or JavaScript in the sandbox; their value is ignored, as in Camunda. */
export async function fireListeners(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  listeners: readonly ExecutionListenerConfig[],
  event: string,
  elementId: string | null = null,
): Promise<void> {
  for (const listener of listeners) {
    if (listener.event !== event) continue;
    if ('script' in listener) await runScript(ctx, execution, listener.script, elementId ?? execution.activityId ?? execution.processDefinitionId, event);
    else listener.expression.evaluate(expressionContext(ctx, execution, event));
  }
}
