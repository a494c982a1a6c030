import type { CompiledExpression } from '../../expression';
import type { CallActivityMapping, ExternalTaskConfig, ScriptDefinition } from './element-config';
import type { TimerEventDefinition } from './timer-definition';

export type { TimerEventDefinition };

/** What an event waits for or throws. One per event; Camunda does not support "multiple" events. */
export type EventDefinition =
  | MessageEventDefinition
  | SignalEventDefinition
  | TimerEventDefinition
  | ErrorEventDefinition
  | EscalationEventDefinition
  | ConditionalEventDefinition
  | TerminateEventDefinition
  | LinkEventDefinition
  | CompensateEventDefinition
  | CancelEventDefinition;

export interface MessageEventDefinition {
  readonly kind: 'message';
  /** Id of the referenced bpmn:message. */
  readonly messageId: string | null;
  /** The message name; Camunda allows `${...}` in it, resolved when the subscription is made. */
  readonly messageName: CompiledExpression | null;
  /** Throwing message events implemented as an external task (camunda:type="external"); null: behaves as a none event. */
  readonly externalTask: ExternalTaskConfig | null;
}

export interface SignalEventDefinition {
  readonly kind: 'signal';
  readonly signalId: string;
  /** The signal name; may contain `${...}`. */
  readonly signalName: CompiledExpression;
  /** camunda:async on a throwing signal definition: deliver to catchers in a job. */
  readonly async: boolean;
  /** A throwing signal's payload: camunda:in mappings on the definition give the variables the signal carries. */
  readonly payload?: SignalPayload | null;
}

export interface SignalPayload {
  readonly variables: readonly CallActivityMapping[];
  /** camunda:in businessKey: the business key of the instances the signal starts. */
  readonly businessKey: CompiledExpression | null;
}

export interface ErrorEventDefinition {
  readonly kind: 'error';
  readonly errorId: string | null;
  /** Catching: null catches every error. Throwing: the code to throw (required on the referenced error). */
  readonly errorCode: string | null;
  readonly errorMessage: CompiledExpression | null;
  readonly errorCodeVariable: string | null;
  readonly errorMessageVariable: string | null;
}

export interface EscalationEventDefinition {
  readonly kind: 'escalation';
  readonly escalationId: string | null;
  /** Catching: null catches every escalation. Throwing: the code to throw (required on the referenced escalation). */
  readonly escalationCode: string | null;
  readonly escalationCodeVariable: string | null;
}

export interface ConditionalEventDefinition {
  readonly kind: 'conditional';
  /** A JUEL condition, or (in another language) `conditionScript`: exactly one of them is set. */
  readonly condition: CompiledExpression | null;
  readonly conditionScript: ScriptDefinition | null;
  readonly variableName: string | null;
  /** create, update, delete; empty means any change. */
  readonly variableEvents: readonly string[];
}

export interface TerminateEventDefinition {
  readonly kind: 'terminate';
}

export interface LinkEventDefinition {
  readonly kind: 'link';
  readonly name: string;
}

/** Throwing: compensate every completed activity of the scope, or only `activityRef`. Catching (boundary): marks the activity's handler. */
export interface CompensateEventDefinition {
  readonly kind: 'compensate';
  readonly activityRef: string | null;
}

/** Cancel end events inside a transaction and the cancel boundary event on it. */
export interface CancelEventDefinition {
  readonly kind: 'cancel';
}
