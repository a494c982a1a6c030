import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import type { ActivityRef } from './activity-ref';
import type { ActivityExecution } from './activity-execution';
import type { RuntimeContext } from './runtime-context';
import type { ProcessInstanceState } from './process-instance-state';

export interface ExecuteOptions {
  /** Event sub-processes start at the start event that was triggered, not at a none start event. */
  startEventId?: string;
}

/**
 * One per element type. A behaviour decides only: complete now (`leave`), wait (return), leave
 * through chosen flows, or throw a BPMN error. Entering, leaving, history, scopes and variables
 * mapping are the shared lifecycle's job (runtime/operations).
 */
export interface ActivityBehavior {
  execute(activity: ActivityExecution, options: ExecuteOptions): void | Promise<void>;
  /** A waiting activity is triggered from outside (runtimeService.signal, external task completion). */
  signal?(activity: ActivityExecution): void | Promise<void>;
  /** Multi-instance bodies: one instance (run in `instanceScope`, below `host`) completed. */
  instanceCompleted?(
    ctx: RuntimeContext,
    instance: ProcessInstanceState,
    instanceScope: ExecutionEntity,
    host: ExecutionEntity,
  ): void | Promise<void>;
}

/** Finds the behaviour of an activity (a flow node, or the multi-instance body around one). */
export interface BehaviorLookup {
  behaviorFor(ref: ActivityRef): ActivityBehavior;
}

/** The behaviour of an activity, from `RuntimeDeps.behaviors` (a `BehaviorLookup`, typed loosely there). */
export function behaviorOf(ctx: RuntimeContext, ref: ActivityRef): ActivityBehavior {
  return ctx.deps.behaviors.behaviorFor(ref) as ActivityBehavior;
}
