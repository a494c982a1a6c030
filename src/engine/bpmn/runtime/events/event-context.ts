import { deleteWhereStatement, SqlStatement } from '../../../../persistence/raw-rows';
import { EventSubscriptionEntity } from '../../../../persistence/entities/runtime/event-subscription.entity';
import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { JobEntity } from '../../../../persistence/entities/runtime/job.entity';
import { newId } from '../../../util/ids';
import type { RuntimeContext } from '../runtime-context';
import { ProcessInstanceState } from '../process-instance-state';
import { ConditionalEvaluation, VariableChange } from './conditional-evaluation';
import { graphEventInfo } from './graph-events';
import { deletedJobLogger, placeholders } from './deleted-job-log';

export type SubscriptionType = 'message' | 'signal' | 'conditional' | 'compensate';

const CHUNK = 400;

/**
 * The event side of one command: subscriptions and jobs it creates or deletes, rows of executions
 * that went away, conditions to check once the agenda is idle, and one-shot markers between an
 * event trigger and the step it causes. Queries for waiting events merge what this command created
 * and dropped with what is stored, since nothing is flushed before the end.
 */
export class EventContext {
  private readonly created: EventSubscriptionEntity[] = [];
  private readonly dropped = new Set<string>();
  private readonly removedExecutionIds: string[] = [];
  /** Every execution whose rows go by execution id in this command's flush. */
  private readonly rowsGoWithExecution = new Set<string>();
  /** The same ids by instance, kept at history level full only (the deletion logs of their jobs). */
  private readonly removedByInstance = new Map<ProcessInstanceState, string[]>();
  private readonly triggered = new Set<string>();
  private readonly skipAsync = new Set<ExecutionEntity>();
  private readonly conditions: ConditionalEvaluation;
  private earliestJob: Date | null = null;

  constructor(private readonly ctx: RuntimeContext) {
    this.conditions = new ConditionalEvaluation(ctx);
  }

  // ---- subscriptions

  subscribe(
    instance: ProcessInstanceState | null,
    execution: ExecutionEntity | null,
    fields: {
      eventType: SubscriptionType;
      eventName: string | null;
      activityId: string;
      configuration?: string | null;
      tenantId?: string | null;
    },
  ): EventSubscriptionEntity {
    const subscription = Object.assign(new EventSubscriptionEntity(), {
      id: newId(),
      rev: 1,
      eventType: fields.eventType,
      eventName: fields.eventName,
      executionId: execution?.id ?? null,
      processInstanceId: instance?.id ?? null,
      activityId: fields.activityId,
      configuration: fields.configuration ?? null,
      created: this.ctx.now(),
      tenantId: instance ? instance.root.tenantId : (fields.tenantId ?? null),
    });
    this.ctx.uow.insert(EventSubscriptionEntity, subscription);
    this.created.push(subscription);
    if (instance) this.ctx.touch(instance);
    return subscription;
  }

  /**
   * A subscription that is used up or goes with its execution: its row is deleted by a statement
   * (or never inserted); concurrent consumers collide on the instance's revision instead.
   */
  forget(subscription: EventSubscriptionEntity): void {
    if (this.dropped.has(subscription.id)) return;
    this.dropped.add(subscription.id);
    if (this.ctx.uow.isNew(subscription)) this.ctx.uow.delete(EventSubscriptionEntity, subscription);
  }

  /** Subscriptions and jobs of one execution for the given activities (a wait that is over). */
  dropRowsOf(instance: ProcessInstanceState, execution: ExecutionEntity, activityIds: readonly string[]): void {
    if (!activityIds.length) return;
    for (const s of this.created)
      if (s.executionId === execution.id && activityIds.includes(s.activityId ?? '')) this.forget(s);
    const executionId = execution.id;
    const ids = [...activityIds];
    const logDeleted = deletedJobLogger(this.ctx, instance);
    this.ctx.uow.sql((em) => {
      // An execution that ended in this command loses all its rows by execution id later in the same flush.
      if (this.rowsGoWithExecution.has(executionId)) return [];
      return [
        deleteWhereStatement(em, EventSubscriptionEntity, { executionId, activityId: ids }),
        ...(logDeleted
          ? [logDeleted(em, `j.execution_id = ? AND j.activity_id IN (${placeholders(ids)})`, [executionId, ...ids])]
          : []),
        deleteWhereStatement(em, JobEntity, { executionId, activityId: ids }),
      ];
    });
    this.ctx.touch(instance);
  }

  isDropped(subscription: EventSubscriptionEntity): boolean {
    return this.dropped.has(subscription.id);
  }

  /** Subscriptions created in this command (not yet stored), still alive. */
  createdSubscriptions(): EventSubscriptionEntity[] {
    return this.created.filter((s) => !this.dropped.has(s.id));
  }

  /** Rows of executions moved to another execution (tree expansion), for the in-memory copies. */
  repointCreated(fromExecutionId: string, toExecutionId: string, activityIds: ReadonlySet<string>): void {
    for (const s of this.created)
      if (s.executionId === fromExecutionId && activityIds.has(s.activityId ?? '')) s.executionId = toExecutionId;
  }

  // ---- jobs

  insertJob(
    instance: ProcessInstanceState | null,
    fields: Partial<JobEntity> & Pick<JobEntity, 'type' | 'handlerType'>,
  ): JobEntity {
    const job = Object.assign(new JobEntity(), {
      id: newId(),
      rev: 1,
      lockExpirationTime: null,
      lockOwner: null,
      exclusive: true,
      executionId: null,
      processInstanceId: instance?.id ?? null,
      processDefinitionId: instance?.definition.id ?? null,
      processDefinitionKey: instance?.definition.key ?? null,
      retries: 3,
      exceptionMessage: null,
      exceptionStacktrace: null,
      dueDate: null,
      repeat: null,
      handlerConfiguration: null,
      suspensionState: instance?.root.suspensionState ?? 1,
      jobDefinitionId: null,
      priority: 0,
      activityId: null,
      failedActivityId: null,
      tenantId: instance?.root.tenantId ?? null,
      createTime: this.ctx.now(),
      ...fields,
    });
    this.ctx.uow.insert(JobEntity, job);
    if (this.ctx.logs.enabled) {
      this.ctx.logs.job('created', job, {
        rootProcessInstanceId: instance ? (instance.root.rootProcessInstanceId ?? instance.id) : null,
        deploymentId: instance?.definition.deploymentId ?? null,
      });
    }
    const due = job.dueDate ?? this.ctx.now();
    if (!this.earliestJob || due < this.earliestJob) this.earliestJob = due;
    if (instance) this.ctx.touch(instance);
    return job;
  }

  // ---- one-shot markers

  /** The event after an event-based gateway was triggered: its behaviour passes through once. */
  markTriggered(instance: ProcessInstanceState, activityId: string): void {
    this.triggered.add(`${instance.id}|${activityId}`);
  }

  consumeTriggered(instance: ProcessInstanceState, activityId: string): boolean {
    return this.triggered.delete(`${instance.id}|${activityId}`);
  }

  /** A job continues before an activity: entering it must not create the job again. */
  skipAsyncBefore(execution: ExecutionEntity): void {
    this.skipAsync.add(execution);
  }

  consumeSkipAsync(execution: ExecutionEntity): boolean {
    return this.skipAsync.delete(execution);
  }

  // ---- conditions

  variableChanged(instance: ProcessInstanceState, change: VariableChange): void {
    if (graphEventInfo(instance.graph).conditionals) this.conditions.variableChanged(instance, change);
  }

  /** Conditional subscriptions of a scope just entered are evaluated once the agenda is idle. */
  conditionalsActivated(instance: ProcessInstanceState, subscriptions: EventSubscriptionEntity[]): void {
    if (subscriptions.length) this.conditions.activated(instance, subscriptions);
  }

  /** Runs when the agenda is empty: true when something was triggered (and more steps are planned). */
  settle(): Promise<boolean> {
    return this.conditions.settle();
  }

  // ---- lifecycle

  executionRemoved(instance: ProcessInstanceState, execution: ExecutionEntity): void {
    if (!graphEventInfo(instance.graph).waits) return;
    this.removedExecutionIds.push(execution.id);
    this.rowsGoWithExecution.add(execution.id);
    if (!this.ctx.logs.enabled || !graphEventInfo(instance.graph).jobs) return;
    if (!this.removedByInstance.has(instance)) this.removedByInstance.set(instance, []);
    this.removedByInstance.get(instance)!.push(execution.id);
  }

  /** Before the flush: the rows of removed executions go in bulk (subscriptions of finished scopes, their timers). */
  beforeFlush(): void {
    if (!this.removedExecutionIds.length) return;
    const ids = [...this.removedExecutionIds];
    this.removedExecutionIds.length = 0;
    for (const s of this.created) if (s.executionId && ids.includes(s.executionId)) this.dropped.add(s.id);
    const logs = [...this.removedByInstance].map(([instance, executionIds]) => ({
      log: deletedJobLogger(this.ctx, instance)!,
      executionIds,
    }));
    this.removedByInstance.clear();
    this.ctx.uow.sql((em) => {
      const out: SqlStatement[] = [];
      for (const { log, executionIds } of logs) {
        for (let i = 0; i < executionIds.length; i += CHUNK) {
          const part = executionIds.slice(i, i + CHUNK);
          out.push(log(em, `j.execution_id IN (${placeholders(part)})`, part));
        }
      }
      for (let i = 0; i < ids.length; i += CHUNK) {
        const part = ids.slice(i, i + CHUNK);
        out.push(
          deleteWhereStatement(em, EventSubscriptionEntity, { executionId: part }),
          deleteWhereStatement(em, JobEntity, { executionId: part }),
        );
      }
      return out;
    });
  }

  /** The earliest due date of the jobs this command created (the job executor may want to wake up). */
  createdJobsDue(): Date | null {
    return this.earliestJob;
  }
}
