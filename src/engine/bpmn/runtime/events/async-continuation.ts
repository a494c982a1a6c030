import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { AsyncConfig } from '../../model';
import { ActivityRef, isMultiInstanceInner, multiInstanceOf } from '../activity-ref';
import type { InnerInstance } from '../atomic-operation';
import { plainValue, untypedValue } from '../../../variables/typed-value';
import type { RuntimeContext } from '../runtime-context';
import { evaluate } from '../expression-scope';
import { ProcessInstanceState } from '../process-instance-state';
import { jobPriority } from './event-waits';
import { AsyncJobConfig, JOB_HANDLER, JOB_TYPE } from './job-kinds';
import { EventContext } from './event-context';
import { VariableStore } from '../variable-store';

/**
 * The async flags that apply to an activity: the activity's own for it (and for its multi-instance
 * body). Flags on multi-instance loop characteristics apply per inner instance: asyncBefore there is
 * `deferInnerBefore`; asyncAfter there is not supported (those instances complete synchronously).
 */
function asyncOf(ref: ActivityRef): AsyncConfig | null {
  return isMultiInstanceInner(ref) ? null : ref.node.async;
}

function park(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  ref: ActivityRef,
  config: AsyncJobConfig,
  async: AsyncConfig = ref.node.async,
): void {
  // The token rests "in transition": at the activity, but without an activity instance.
  execution.activityId = ref.id;
  execution.activityInstanceId = null;
  execution.isActive = true;
  ctx.manager(EventContext).insertJob(instance, {
    type: JOB_TYPE.message,
    handlerType: JOB_HANDLER.asyncContinuation,
    handlerConfiguration: JSON.stringify(config),
    executionId: execution.id,
    activityId: ref.id,
    exclusive: async.exclusive,
    priority: jobPriority(ref.node, instance.graph, (e) => evaluate(ctx, execution, e)),
  });
}

/** camunda:asyncBefore: instead of entering the activity, leave a job that enters it later. */
export function deferBefore(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  ref: ActivityRef,
  startEventId?: string,
): boolean {
  if (!asyncOf(ref)?.asyncBefore || ctx.manager(EventContext).consumeSkipAsync(execution)) return false;
  park(ctx, instance, execution, ref, startEventId ? { step: 'before', startEventId } : { step: 'before' });
  return true;
}

/**
 * camunda:asyncBefore on multi-instance loop characteristics: each inner instance starts from a job of its own (Camunda
 * sets the loop variables on the inner execution first, so the element waits there as a local variable).
 */
export function deferInnerBefore(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  ref: ActivityRef,
  inner: InnerInstance,
): boolean {
  const loop = multiInstanceOf(ref.node)?.async;
  if (!loop?.asyncBefore || ctx.manager(EventContext).consumeSkipAsync(execution)) return false;
  if (inner.element)
    ctx.manager(VariableStore).setLocal(execution, inner.element.name, untypedValue(inner.element.value));
  park(ctx, instance, execution, ref, { step: 'before', loopCounter: inner.loopCounter }, loop);
  return true;
}

/** The inner instance a job of `deferInnerBefore` continues. */
export function innerOfJob(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  ref: ActivityRef,
  config: AsyncJobConfig,
): InnerInstance | undefined {
  if (config.loopCounter === undefined) return undefined;
  const name = multiInstanceOf(ref.node)?.elementVariable;
  const element = name ? ctx.manager(VariableStore).getLocal(execution, name) : undefined;
  return element && name
    ? { loopCounter: config.loopCounter, element: { name, value: plainValue(element) } }
    : { loopCounter: config.loopCounter };
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
