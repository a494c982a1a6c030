/** Job types and handler types as Camunda names them (GET /job shows `timers` and `messages` apart by type). */
export const JOB_TYPE = { timer: 'timer', message: 'message' } as const;

export const JOB_HANDLER = {
  asyncContinuation: 'async-continuation',
  intermediateTimer: 'timer-intermediate-transition',
  boundaryTimer: 'timer-transition',
  startTimer: 'timer-start-event',
  eventSubProcessTimer: 'timer-start-event-subprocess',
  taskListenerTimer: 'timer-task-listener',
} as const;

export type TimerHandler = Exclude<
  (typeof JOB_HANDLER)[keyof typeof JOB_HANDLER],
  'async-continuation' | 'timer-task-listener'
>;

/** What an async continuation job continues: entering its activity, or leaving it (through the flows chosen then). */
export interface AsyncJobConfig {
  step: 'before' | 'after';
  flowIds?: string[];
  /** An event sub-process entered asynchronously starts at the event that triggered it. */
  startEventId?: string;
  /** An instance of a multi-instance body entered asynchronously (its element waits as a local variable of the execution). */
  loopCounter?: number;
}
