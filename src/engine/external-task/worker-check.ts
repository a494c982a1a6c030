import { ExternalTaskEntity } from '../../persistence/entities/runtime/external-task.entity';
import { BadUserRequestError } from '../errors';

/**
 * Only the worker holding the lock may complete, fail or raise a BPMN error; an expired lock still
 * counts until someone else takes the task, as in Camunda. `prefix` is the operation's sentence start.
 */
export function checkWorker(task: ExternalTaskEntity, workerId: string, prefix: string): void {
  if (task.workerId !== workerId) throw wrongWorker(prefix, workerId, task.workerId);
}

export function wrongWorker(prefix: string, workerId: string, current: string | null): BadUserRequestError {
  return new BadUserRequestError(`${prefix} by worker '${workerId}'. It is locked by worker '${current}'.`);
}
