/**
 * What the engine tells an observer about the work it did, for monitoring. Called once the work is committed:
 * a command that rolled back, or lost an optimistic-locking race and ran again, is counted once or not at all.
 * Plain calls without a metrics library, so the engine stays free of one; the application maps them onto its
 * own metrics. Implementations must be cheap and must not throw: they run on the hot paths.
 */
export interface EngineMetrics {
  /** A fetchAndLock (or one attempt of a long poll) locked `count` tasks, at least one. */
  externalTasksFetched(count: number): void;
  externalTaskCompleted(): void;
  /** A worker reported a failure (whatever retries it left). */
  externalTaskFailed(): void;
  /** A worker reported a BPMN error. */
  externalTaskBpmnError(): void;
  /** The job executor (or `executeDueJobs`) claimed `count` jobs, at least one. */
  jobsAcquired(count: number): void;
  /** A job's work was done, by the job executor or by `POST /job/{id}/execute`. */
  jobExecuted(): void;
  /** A job's work failed and the failure was recorded on it (a retry less). */
  jobFailed(): void;
  /** A process instance started, called ones included (`root` is false for those). */
  processInstanceStarted(root: boolean): void;
  /** A process instance ended, completed or canceled. */
  processInstanceEnded(): void;
  /** `count` decisions were evaluated: the one asked for and the decisions it requires. */
  decisionsEvaluated(count: number): void;
  /** An activity instance started (Camunda's `activity-instance-start`: flow nodes, subprocesses, bodies). */
  activityInstanceStarted(): void;
  /** A batch job did its chunk: `count` targets of a batch of `type`. */
  batchInvocationsDone(type: string, count: number): void;
}

function nothing(): void {}

/** The default: nobody listens. */
export const NO_METRICS: EngineMetrics = Object.freeze({
  externalTasksFetched: nothing,
  externalTaskCompleted: nothing,
  externalTaskFailed: nothing,
  externalTaskBpmnError: nothing,
  jobsAcquired: nothing,
  jobExecuted: nothing,
  jobFailed: nothing,
  processInstanceStarted: nothing,
  processInstanceEnded: nothing,
  decisionsEvaluated: nothing,
  activityInstanceStarted: nothing,
  batchInvocationsDone: nothing,
});
