import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { AsyncConfig } from '../../model';
import { ActivityRef, isMultiInstanceInner } from '../activity-ref';
import type { RuntimeContext } from '../runtime-context';
import { evaluate } from '../expression-scope';
import { ProcessInstanceState } from '../process-instance-state';
import { jobPriority } from './event-waits';
import { AsyncJobConfig, JOB_HANDLER, JOB_TYPE } from './job-kinds';

/**
 * The async flags that apply to an activity: the activity's own for it (and for its multi-instance
 * body). Flags on multi-instance loop characteristics (per inner instance) are not supported: those
 * instances run synchronously.
 */
function asyncOf(ref: ActivityRef): AsyncConfig | null {
  return isMultiInstanceInner(ref) ? null : ref.node.async;
}

function park(ctx: RuntimeContext, instance: ProcessInstanceState, execution: ExecutionEntity, ref: ActivityRef, config: AsyncJobConfig): void {
  // The token rests "in transition": at the activity, but without an activity instance.
  execution.activityId = ref.id;
  execution.activityInstanceId = null;
  execution.isActive = true;
  ctx.events.insertJob(instance, {
    type: JOB_TYPE.message,
    handlerType: JOB_HANDLER.asyncContinuation,
    handlerConfiguration: JSON.stringify(config),
    executionId: execution.id,
    activityId: ref.id,
    exclusive: ref.node.async.exclusive,
    priority: jobPriority(ref.node, instance.graph, (e) => evaluate(ctx, execution, e)),
  });
}

/** camunda:asyncBefore: instead of entering the activity, leave a job that enters it later. */
export function deferBefore(ctx: RuntimeContext, instance: ProcessInstanceState, execution: ExecutionEntity, ref: ActivityRef, startEventId?: string): boolean {
  if (!asyncOf(ref)?.asyncBefore || ctx.events.consumeSkipAsync(execution)) return false;
  park(ctx, instance, execution, ref, startEventId ? { step: 'before', startEventId } : { step: 'before' });
  return true;
}

/** camunda:asyncAfter: the activity is done; a job takes the outgoing flows later. */
export function deferAfter(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  ref: ActivityRef,
  flowIds?: readonly string[],
): boolean {
  if (!asyncOf(ref)?.asyncAfter) return false;
  park(ctx, instance, execution, ref, flowIds ? { step: 'after', flowIds: [...flowIds] } : { step: 'after' });
  return true;
}
