import { EventSubscriptionEntity } from '../../../../persistence/entities/runtime/event-subscription.entity';
import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { JobEntity } from '../../../../persistence/entities/runtime/job.entity';
import { EventSubscriptionManager } from '../../../entities/event-subscription.manager';
import { JobManager } from '../../../entities/job.manager';
import type { RuntimeContext } from '../runtime-context';
import { ProcessInstanceState } from '../process-instance-state';
import { graphEventInfo } from './graph-events';
import { jobDeletionLog } from './deleted-job-log';
import { Agenda } from '../agenda';

export type SubscriptionType = 'message' | 'signal' | 'conditional' | 'compensate';

export interface VariableChange {
  /** The execution whose scope (or whose task's scope) changed; null: the whole instance. */
  execution: ExecutionEntity | null;
  name: string;
  event: 'create' | 'update' | 'delete';
}

/** What conditional events have to look at once the agenda is idle (`ConditionalEvaluation` takes it). */
export interface PendingConditions {
  /** Conditional subscriptions of scopes just entered. */
  activated: Array<{ instance: ProcessInstanceState; subscription: EventSubscriptionEntity }>;
  changes: Array<[ProcessInstanceState, VariableChange[]]>;
}

/**
 * The event side of one command, a part of its context (`ctx.manager(EventContext)`): subscriptions and jobs it
 * creates or deletes (written by their entity managers), rows of executions that went away, conditions to check
 * once the agenda is idle (checked by `ConditionalEvaluation`, which triggers what they start: that is above this
 * file), and one-shot markers between an event trigger and the step it causes. Queries for waiting events merge
 * what this command created and dropped with what is stored, since nothing is flushed before the end.
 */
export class EventContext {
  private readonly created: EventSubscriptionEntity[] = [];
  private readonly dropped = new Set<string>();
  private readonly removedExecutionIds: string[] = [];
  private readonly triggered = new Set<string>();
  private readonly skipAsync = new Set<ExecutionEntity>();
  private readonly changes = new Map<ProcessInstanceState, VariableChange[]>();
  private readonly activated: PendingConditions['activated'] = [];
  private earliestJob: Date | null = null;

  constructor(private readonly ctx: RuntimeContext) {
    // The agenda's run at flush comes first (made here if it is not yet): it settles the conditions this part
    // collects, and may still create and drop subscriptions that the before-flush step below has to see.
    ctx.manager(Agenda);
    ctx.pendingWork(() => this.dropCreatedOfRemovedExecutions());
    // Wakes the job executor; only sets a flag, so its place among the after-commit hooks does not matter.
    ctx.afterCommit(() => {
      if (this.earliestJob) ctx.deps.jobsCreated?.(this.earliestJob);
    });
  }

  private get subscriptions(): EventSubscriptionManager {
    return this.ctx.manager(EventSubscriptionManager);
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
    const subscription = this.subscriptions.create({
      eventType: fields.eventType,
      eventName: fields.eventName,
      executionId: execution?.id ?? null,
      processInstanceId: instance?.id ?? null,
      activityId: fields.activityId,
      configuration: fields.configuration ?? null,
      tenantId: instance ? instance.root.tenantId : (fields.tenantId ?? null),
    });
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
    this.subscriptions.forgetNew(subscription);
  }

  /** Subscriptions and jobs of one execution for the given activities (a wait that is over). */
  dropRowsOf(instance: ProcessInstanceState, execution: ExecutionEntity, activityIds: readonly string[]): void {
    if (!activityIds.length) return;
    for (const s of this.created)
      if (s.executionId === execution.id && activityIds.includes(s.activityId ?? '')) this.forget(s);
    const ids = [...activityIds];
    this.subscriptions.deleteOfActivities(execution.id, ids);
    this.ctx.manager(JobManager).deleteOfActivities(execution.id, ids, jobDeletionLog(this.ctx, instance));
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
    const job = this.ctx.manager(JobManager).create(
      {
        processInstanceId: instance?.id ?? null,
        processDefinitionId: instance?.definition.id ?? null,
        processDefinitionKey: instance?.definition.key ?? null,
        suspensionState: instance?.root.suspensionState ?? 1,
        tenantId: instance?.root.tenantId ?? null,
        ...fields,
      },
      {
        rootProcessInstanceId: instance ? (instance.root.rootProcessInstanceId ?? instance.id) : null,
        deploymentId: instance?.definition.deploymentId ?? null,
      },
    );
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
    if (!graphEventInfo(instance.graph).conditionals) return;
    let list = this.changes.get(instance);
    if (!list) this.changes.set(instance, (list = []));
    list.push(change);
  }

  /** Conditional subscriptions of a scope just entered are evaluated once the agenda is idle. */
  conditionalsActivated(instance: ProcessInstanceState, subscriptions: EventSubscriptionEntity[]): void {
    for (const subscription of subscriptions) this.activated.push({ instance, subscription });
  }

  /** The conditions to check now, taken (each change is looked at once); null when there are none. */
  takePendingConditions(): PendingConditions | null {
    if (!this.changes.size && !this.activated.length) return null;
    const pending = { activated: this.activated.splice(0), changes: [...this.changes] };
    this.changes.clear();
    return pending;
  }

  // ---- lifecycle

  /** The rows of an execution that ends (subscriptions of finished scopes, their timers) go in bulk at flush. */
  executionRemoved(instance: ProcessInstanceState, execution: ExecutionEntity): void {
    if (!graphEventInfo(instance.graph).waits) return;
    this.removedExecutionIds.push(execution.id);
    this.subscriptions.executionRemoved(execution.id);
    this.ctx.manager(JobManager).executionRemoved(execution.id, jobDeletionLog(this.ctx, instance));
  }

  /** Before the flush: subscriptions created for executions that went away are gone too. */
  private dropCreatedOfRemovedExecutions(): void {
    if (!this.removedExecutionIds.length) return;
    const ids = new Set(this.removedExecutionIds);
    this.removedExecutionIds.length = 0;
    for (const s of this.created) if (s.executionId && ids.has(s.executionId)) this.dropped.add(s.id);
  }
}
