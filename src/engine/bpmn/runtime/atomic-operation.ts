import type { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';

/** Loop variables a multi-instance body hands to one of its instances. */
export interface InnerInstance {
  loopCounter: number;
  element?: { name: string; value: unknown };
}

/**
 * The atomic operations. Each moves one execution one small step; behaviours and operations plan
 * follow-up operations instead of calling each other, so the graph is walked by a loop, never by
 * recursion, and an execution removed meanwhile (interrupted, joined) simply drops its pending steps.
 */
export type AtomicOperation =
  | {
      kind: 'ACTIVITY_START';
      execution: ExecutionEntity;
      activityId: string;
      inner?: InnerInstance;
      startEventId?: string;
      /** A modification or start instruction entering the activity without its listeners or input mappings. */
      skipListeners?: boolean;
      skipIoMappings?: boolean;
    }
  | { kind: 'ACTIVITY_EXECUTE'; execution: ExecutionEntity; activityId: string; startEventId?: string }
  /** Leaves an activity: output mapping, history, scope destruction, then `flowIds` (default: the outgoing behaviour). */
  | { kind: 'ACTIVITY_END'; execution: ExecutionEntity; activityId: string; flowIds?: readonly string[] }
  | { kind: 'TRANSITION_TAKE'; execution: ExecutionEntity; flowId: string }
  /** A token has nowhere to go: it ends, and its scope completes once no token is left. */
  | { kind: 'TOKEN_END'; execution: ExecutionEntity }
  | { kind: 'SCOPE_COMPLETE'; execution: ExecutionEntity }
  | { kind: 'PROCESS_END'; execution: ExecutionEntity }
  | {
      kind: 'ERROR_PROPAGATE';
      execution: ExecutionEntity;
      activityId: string;
      errorCode: string;
      errorMessage: string | null;
      thrownByEndEvent: boolean;
    };
