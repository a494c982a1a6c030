import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ActivityExecution } from '../runtime/activity-execution';
import { isMultiInstanceBodyScope, tokensOf, removeExecution } from '../runtime/execution-tree';

/** Tokens of the arriving execution's scope that wait at this gateway (the arriving one included). */
export function waitingTokens(activity: ActivityExecution): { waiting: ExecutionEntity[]; tokens: ExecutionEntity[] } {
  const { instance, execution, node } = activity;
  execution.isActive = false;
  const tokens = tokensOf(instance, instance.scopeOf(execution));
  return { waiting: tokens.filter((t) => t.activityId === node.id && !t.isActive), tokens };
}

/**
 * Fires a join: the other waiting tokens end there (their gateway instances complete) and one
 * token goes on. When no other token is left in the scope, the scope execution itself goes on.
 * Returns the activity to leave from.
 */
export function fireJoin(activity: ActivityExecution, waiting: ExecutionEntity[]): ActivityExecution {
  const { ctx, instance, execution, ref } = activity;
  for (const t of waiting) {
    if (t === execution) continue;
    ctx.history.activityEnded(t.activityInstanceId!);
    removeExecution(ctx, instance, t);
  }
  execution.isActive = true;
  const scope = instance.scopeOf(execution);
  if (execution.isConcurrent && instance.children(scope).length === 1 && !isMultiInstanceBodyScope(instance, scope)) {
    scope.activityId = execution.activityId;
    scope.activityInstanceId = execution.activityInstanceId;
    scope.isActive = true;
    removeExecution(ctx, instance, execution);
    return new ActivityExecution(ctx, instance, scope, ref);
  }
  return activity;
}
