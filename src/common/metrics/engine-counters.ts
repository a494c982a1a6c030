import { Counter, Registry } from 'prom-client';
import { EngineMetrics } from '../../engine/metrics';

/** The engine's committed work as Prometheus counters (the engine calls them after commit). */
export class EngineCounters implements EngineMetrics {
  private readonly fetched: Counter;
  private readonly completed: Counter;
  private readonly failed: Counter;
  private readonly bpmnErrors: Counter;
  private readonly acquired: Counter;
  private readonly executed: Counter;
  private readonly jobFailures: Counter;
  private readonly started: Counter;
  private readonly ended: Counter;
  private readonly decisions: Counter;
  private readonly activities: Counter;
  private readonly batchInvocations: Counter<'type'>;

  constructor(registry: Registry) {
    const counter = (name: string, help: string) => new Counter({ name, help, registers: [registry] });
    this.fetched = counter('engine_external_tasks_fetched_total', 'External tasks locked for workers by fetchAndLock');
    this.completed = counter('engine_external_tasks_completed_total', 'External tasks completed by workers');
    this.failed = counter('engine_external_tasks_failed_total', 'Failures reported by workers for external tasks');
    this.bpmnErrors = counter(
      'engine_external_tasks_bpmn_errors_total',
      'BPMN errors reported by workers for external tasks',
    );
    this.acquired = counter('engine_jobs_acquired_total', 'Jobs claimed by the job executor of this instance');
    this.executed = counter('engine_jobs_executed_total', 'Jobs whose work was done and committed');
    this.jobFailures = counter('engine_jobs_failed_total', 'Job runs that failed (each costs the job a retry)');
    this.started = counter('engine_process_instances_started_total', 'Process instances started, called ones included');
    this.activities = counter('engine_activity_instances_started_total', 'Activity instances started');
    this.ended = counter('engine_process_instances_ended_total', 'Process instances ended, completed or canceled');
    this.batchInvocations = new Counter({
      name: 'engine_batch_invocations_total',
      help: 'Targets worked on by batch jobs (one per external task, decision instance, ...), by batch type',
      labelNames: ['type'],
      registers: [registry],
    });
    this.decisions = counter(
      'engine_decisions_evaluated_total',
      'Decisions evaluated, required decisions included (one per decision instance)',
    );
  }

  externalTasksFetched(count: number): void {
    this.fetched.inc(count);
  }

  externalTaskCompleted(): void {
    this.completed.inc();
  }

  externalTaskFailed(): void {
    this.failed.inc();
  }

  externalTaskBpmnError(): void {
    this.bpmnErrors.inc();
  }

  jobsAcquired(count: number): void {
    this.acquired.inc(count);
  }

  jobExecuted(): void {
    this.executed.inc();
  }

  jobFailed(): void {
    this.jobFailures.inc();
  }

  processInstanceStarted(): void {
    this.started.inc();
  }

  activityInstanceStarted(): void {
    this.activities.inc();
  }

  processInstanceEnded(): void {
    this.ended.inc();
  }

  decisionsEvaluated(count: number): void {
    this.decisions.inc(count);
  }

  batchInvocationsDone(type: string, count: number): void {
    this.batchInvocations.inc({ type }, count);
  }
}
