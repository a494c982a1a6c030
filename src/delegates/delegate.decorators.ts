import { SetMetadata } from '@nestjs/common';

export const PROCESS_DELEGATE = 'camunda:processDelegate';
export const EXTERNAL_TASK_SUBSCRIPTION = 'camunda:externalTaskSubscription';

/**
 * A host provider that models may call by `name`: `camunda:delegateExpression="${name}"`, `camunda:class="name"`
 * (register it under the class name), bean expressions `${name.method(execution, ...)}`, and delegate listeners.
 * Delegates implement `execute(execution)`, execution listeners `notify(execution)`; both may be async.
 */
export const ProcessDelegate = (name: string) => SetMetadata(PROCESS_DELEGATE, name);

export interface ExternalTaskSubscriptionOptions {
  /** How long a fetched task stays locked to this worker (default 20 s). */
  lockDuration?: number;
  /** The variables to fetch with the task (default: all). */
  variables?: string[];
  /** Tasks fetched at once (default 10). */
  maxTasks?: number;
  /** Pause between polls when nothing was there (default 500 ms; the worker is also woken when tasks are created here). */
  pollIntervalMs?: number;
}

/** A host provider method that handles the external tasks of `topic` in process: `(task, service) => ...`. */
export const ExternalTaskSubscription = (topic: string, options: ExternalTaskSubscriptionOptions = {}) =>
  SetMetadata(EXTERNAL_TASK_SUBSCRIPTION, { topic, ...options });
