import type { AtomicOperation } from '../atomic-operation';
import type { RuntimeContext } from '../runtime-context';
import { activityEnd } from './activity-end.operation';
import { activityExecute } from './activity-execute.operation';
import { activityStart } from './activity-start.operation';
import { errorPropagate } from './error-propagate.operation';
import { processEnd } from './process-end.operation';
import { scopeComplete } from './scope-complete.operation';
import { tokenEnd } from './token-end.operation';
import { transitionTake } from './transition-take.operation';

export async function runOperation(ctx: RuntimeContext, op: AtomicOperation): Promise<void> {
  switch (op.kind) {
    case 'ACTIVITY_START':
      return activityStart(ctx, op);
    case 'ACTIVITY_EXECUTE':
      return activityExecute(ctx, op);
    case 'ACTIVITY_END':
      return activityEnd(ctx, op);
    case 'TRANSITION_TAKE':
      return transitionTake(ctx, op);
    case 'TOKEN_END':
      return tokenEnd(ctx, op);
    case 'SCOPE_COMPLETE':
      return scopeComplete(ctx, op);
    case 'PROCESS_END':
      return processEnd(ctx, op);
    case 'ERROR_PROPAGATE':
      return errorPropagate(ctx, op);
  }
}
