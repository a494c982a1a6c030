import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ProcessInstanceState } from './process-instance-state';
import type { RuntimeContext } from './runtime-context';
import { removeExecution } from './execution-tree';

/** An execution with everything below it, parents first. */
export function subtree(instance: ProcessInstanceState, execution: ExecutionEntity): ExecutionEntity[] {
  return [execution, ...instance.descendants(execution)];
}

/** Removes executions with everything below them, children first. */
export function removeExecutions(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  executions: ExecutionEntity[],
): void {
  for (const e of [...executions].reverse()) if (instance.executions.get(e.id) === e) removeExecution(ctx, instance, e);
}
