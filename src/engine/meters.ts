import { EngineMetrics } from './metrics';

/** Camunda's metric names (its `Metrics` class) for what this engine counts. */
export const METER = {
  ROOT_PROCESS_INSTANCE_START: 'root-process-instance-start',
  ACTIVITY_INSTANCE_START: 'activity-instance-start',
  EXECUTED_DECISION_INSTANCES: 'executed-decision-instances',
  JOB_ACQUIRED_SUCCESS: 'job-acquired-success',
  JOB_SUCCESSFUL: 'job-successful',
  JOB_FAILED: 'job-failed',
} as const;

/**
 * The engine's own meters, as Camunda's `MetricsRegistry`: committed work counted in memory under Camunda's names,
 * for the meter log (what was counted since the last report) and the telemetry data (everything since start).
 * Every call is handed on to the application's observer too.
 */
export class Meters implements EngineMetrics {
  private pending = new Map<string, number>();
  private readonly totals = new Map<string, number>();

  constructor(
    private readonly outer: EngineMetrics,
    /** When counting began (Camunda's telemetry `data-collection-start-date`). */
    readonly since: Date,
  ) {}

  private mark(name: string, count = 1): void {
    this.pending.set(name, (this.pending.get(name) ?? 0) + count);
    this.totals.set(name, (this.totals.get(name) ?? 0) + count);
  }

  /** What was counted since the last call; a report that fails hands it back with `restore`. */
  take(): Map<string, number> {
    const taken = this.pending;
    this.pending = new Map();
    return taken;
  }

  restore(counts: Map<string, number>): void {
    for (const [name, count] of counts) this.pending.set(name, (this.pending.get(name) ?? 0) + count);
  }

  /** Everything counted under `name` since the engine started. */
  total(name: string): number {
    return this.totals.get(name) ?? 0;
  }

  externalTasksFetched(count: number): void {
    this.outer.externalTasksFetched(count);
  }
  externalTaskCompleted(): void {
    this.outer.externalTaskCompleted();
  }
  externalTaskFailed(): void {
    this.outer.externalTaskFailed();
  }
  externalTaskBpmnError(): void {
    this.outer.externalTaskBpmnError();
  }
  jobsAcquired(count: number): void {
    this.mark(METER.JOB_ACQUIRED_SUCCESS, count);
    this.outer.jobsAcquired(count);
  }
  jobExecuted(): void {
    this.mark(METER.JOB_SUCCESSFUL);
    this.outer.jobExecuted();
  }
  jobFailed(): void {
    this.mark(METER.JOB_FAILED);
    this.outer.jobFailed();
  }
  processInstanceStarted(root: boolean): void {
    if (root) this.mark(METER.ROOT_PROCESS_INSTANCE_START);
    this.outer.processInstanceStarted(root);
  }
  processInstanceEnded(): void {
    this.outer.processInstanceEnded();
  }
  activityInstanceStarted(): void {
    this.mark(METER.ACTIVITY_INSTANCE_START);
    this.outer.activityInstanceStarted();
  }
  decisionsEvaluated(count: number): void {
    this.mark(METER.EXECUTED_DECISION_INSTANCES, count);
    this.outer.decisionsEvaluated(count);
  }
  batchInvocationsDone(type: string, count: number): void {
    this.outer.batchInvocationsDone(type, count);
  }
}
