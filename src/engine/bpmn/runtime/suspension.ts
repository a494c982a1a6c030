import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { SuspendedEntityInteractionError } from '../../errors';

export function isSuspended(execution: ExecutionEntity): boolean {
  return execution.suspensionState === 2;
}

/** Camunda's check before an operation continues an execution from outside: a suspended one stays where it is. */
export function ensureExecutionActive(execution: ExecutionEntity): void {
  if (isSuspended(execution))
    throw new SuspendedEntityInteractionError(`ENGINE-03043 Execution with id '${execution.id}' is suspended.`);
}
