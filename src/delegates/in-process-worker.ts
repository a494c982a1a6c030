import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { LockedExternalTask } from '../engine/external-task/external-task-types';
import type { ProcessEngine } from '../engine/process-engine';
import { plainValue, untypedValue, VariableMap } from '../engine/variables/typed-value';
import type { ExternalTaskSubscriptionOptions } from './delegate.decorators';

/** An external task as an in-process handler gets it (the npm client's Task, without HTTP). */
export interface InProcessTask {
  readonly id: string;
  readonly topicName: string;
  readonly workerId: string;
  readonly processInstanceId: string | null;
  readonly processDefinitionKey: string | null;
  readonly activityId: string | null;
  readonly businessKey: string | null;
  readonly retries: number | null;
  /** The fetched variables as plain values. */
  readonly variables: Record<string, unknown>;
}

/** What a handler does with its task, like the npm client's TaskService; variables are plain values. */
export interface InProcessTaskService {
  complete(
    task: InProcessTask,
    variables?: Record<string, unknown>,
    localVariables?: Record<string, unknown>,
  ): Promise<void>;
  handleFailure(
    task: InProcessTask,
    failure: { errorMessage?: string; errorDetails?: string; retries?: number; retryTimeout?: number },
  ): Promise<void>;
  handleBpmnError(
    task: InProcessTask,
    errorCode: string,
    errorMessage?: string,
    variables?: Record<string, unknown>,
  ): Promise<void>;
  extendLock(task: InProcessTask, newDuration: number): Promise<void>;
  unlock(task: InProcessTask): Promise<void>;
}

export type InProcessHandler = (task: InProcessTask, service: InProcessTaskService) => unknown;

function typed(values: Record<string, unknown> | undefined): VariableMap | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, untypedValue(value)]));
}

/**
 * Handles the tasks of one topic in this process, through the engine's own fetch and lock (so locks, retries,
 * priorities and workers over REST behave as with any worker). Acts as the system: no authorization checks.
 * Long-polls, so that tasks created here are handled at once; a handler that throws without answering reports
 * a failure with one retry less (3 when the task had none), retried after `pollIntervalMs`.
 */
export class InProcessWorker {
  readonly workerId: string;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly logger = new Logger('ExternalTaskSubscription');

  constructor(
    private readonly engine: ProcessEngine,
    readonly topic: string,
    private readonly options: ExternalTaskSubscriptionOptions,
    private readonly handler: InProcessHandler,
  ) {
    this.workerId = `in-process-${topic}-${randomUUID().slice(0, 8)}`;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async run(): Promise<void> {
    const pause = this.options.pollIntervalMs ?? 500;
    while (this.running) {
      try {
        const locked = await this.engine.externalTasks.fetchAndLock(null, this.request(), Math.max(pause, 1000));
        for (const item of locked) await this.handle(item);
        if (!locked.length && this.running)
          await new Promise((resolve) => setTimeout(resolve, Math.min(pause, 50)).unref());
      } catch (err) {
        if (!this.running) return;
        this.logger.error(`Fetching tasks of topic '${this.topic}' failed: ${(err as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, pause).unref());
      }
    }
  }

  private request() {
    return {
      workerId: this.workerId,
      maxTasks: this.options.maxTasks ?? 10,
      usePriority: true,
      sorting: [],
      topics: [
        {
          topicName: this.topic,
          lockDuration: this.options.lockDuration ?? 20_000,
          variables: this.options.variables ?? null,
          localVariables: false,
          businessKey: null,
          processDefinitionId: null,
          processDefinitionIdIn: null,
          processDefinitionKey: null,
          processDefinitionKeyIn: null,
          processDefinitionVersionTag: null,
          withoutTenantId: false,
          tenantIdIn: null,
          processVariables: null,
          deserializeValues: true,
          includeExtensionProperties: false,
        },
      ],
    };
  }

  private async handle(locked: LockedExternalTask): Promise<void> {
    const row = locked.task;
    const task: InProcessTask = {
      id: row.id,
      topicName: row.topicName,
      workerId: this.workerId,
      processInstanceId: row.processInstanceId,
      processDefinitionKey: row.processDefinitionKey,
      activityId: row.activityId,
      businessKey: row.businessKey,
      retries: row.retries,
      variables: Object.fromEntries(Object.entries(locked.variables).map(([name, value]) => [name, plainValue(value)])),
    };
    let answered = false;
    const answer = async <T>(work: () => Promise<T>): Promise<T> => {
      const result = await work();
      answered = true;
      return result;
    };
    const tasks = this.engine.externalTasks;
    const service: InProcessTaskService = {
      complete: (t, variables, localVariables) =>
        answer(() => tasks.complete(null, t.id, this.workerId, typed(variables), typed(localVariables))),
      handleFailure: (t, f) =>
        answer(() =>
          tasks.handleFailure(null, t.id, {
            workerId: this.workerId,
            errorMessage: f.errorMessage ?? null,
            errorDetails: f.errorDetails ?? null,
            retries: f.retries ?? 0,
            retryTimeout: f.retryTimeout ?? 0,
            variables: null,
            localVariables: null,
          }),
        ),
      handleBpmnError: (t, code, message, variables) =>
        answer(() => tasks.handleBpmnError(null, t.id, this.workerId, code, message ?? null, typed(variables))),
      extendLock: (t, newDuration) => tasks.extendLock(null, t.id, this.workerId, newDuration),
      unlock: (t) => answer(() => tasks.unlock(null, t.id)),
    };
    try {
      await this.handler(task, service);
    } catch (err) {
      this.logger.warn(`Handler of topic '${this.topic}' failed on task ${task.id}: ${(err as Error).message}`);
      if (answered) return;
      const retries = task.retries == null ? 2 : Math.max(0, task.retries - 1);
      await service
        .handleFailure(task, {
          errorMessage: (err as Error).message ?? String(err),
          errorDetails: (err as Error).stack,
          retries,
          retryTimeout: this.options.pollIntervalMs ?? 500,
        })
        .catch(() => undefined);
    }
  }
}
