import { Authentication } from '../command/authentication';
import type { RepositoryService } from '../repository/repository.service';
import type { RuntimeService } from '../instances/runtime.service';
import { ProcessInstanceInfo } from '../instances/runtime-types';
import { VariableMap } from '../variables/typed-value';
import { CorrelateMessageCmd } from './commands/correlate-message.cmd';
import { EvaluateConditionsCmd } from './commands/evaluate-conditions.cmd';
import { MessageEventReceivedCmd } from './commands/message-event-received.cmd';
import { SignalEventReceivedCmd } from './commands/signal-event-received.cmd';
import {
  ConditionEvaluationRequest,
  MessageCorrelationRequest,
  MessageCorrelationResult,
  SignalRequest,
} from './event-types';
import { StartEventScheduler } from './start-event-scheduler';

/**
 * Events from outside: messages (correlated, or delivered to one execution), signals, and the
 * evaluation of conditional start events. Each call is one runtime command. Start events of
 * deployed processes are kept as subscriptions and timer jobs by the scheduler.
 */
export class EventService {
  readonly startEvents: StartEventScheduler;

  constructor(
    private readonly runtime: RuntimeService,
    repository: RepositoryService,
    clock: () => Date,
  ) {
    this.startEvents = new StartEventScheduler(repository, clock);
  }

  /** POST /message: one result per execution reached or instance started. */
  correlateMessage(
    auth: Authentication | null,
    request: MessageCorrelationRequest,
  ): Promise<MessageCorrelationResult[]> {
    return this.runtime.execute(auth, new CorrelateMessageCmd(request));
  }

  /** POST /execution/{id}/messageSubscriptions/{messageName}/trigger. */
  messageEventReceived(
    auth: Authentication | null,
    executionId: string,
    messageName: string,
    variables?: VariableMap | null,
  ): Promise<void> {
    return this.runtime.execute(auth, new MessageEventReceivedCmd(executionId, messageName, variables));
  }

  /** POST /signal. */
  signal(auth: Authentication | null, request: SignalRequest): Promise<void> {
    return this.runtime.execute(auth, new SignalEventReceivedCmd(request));
  }

  /** POST /condition: the instances that conditional start events started. */
  evaluateStartConditions(
    auth: Authentication | null,
    request: ConditionEvaluationRequest,
  ): Promise<ProcessInstanceInfo[]> {
    return this.runtime.execute(auth, new EvaluateConditionsCmd(request));
  }
}
