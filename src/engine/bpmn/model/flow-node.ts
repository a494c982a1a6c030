import type { CompiledExpression } from '../../expression';
import type {
  AsyncConfig,
  CallActivityConfig,
  CamundaProperty,
  DecisionRefConfig,
  DelegateRef,
  ExecutionListenerConfig,
  ExpressionTaskConfig,
  ExternalTaskConfig,
  IoMapping,
  MultiInstanceConfig,
  ScriptDefinition,
  UserTaskConfig,
} from './element-config';
import type {
  CancelEventDefinition,
  CompensateEventDefinition,
  ConditionalEventDefinition,
  ErrorEventDefinition,
  EscalationEventDefinition,
  LinkEventDefinition,
  MessageEventDefinition,
  SignalEventDefinition,
  TerminateEventDefinition,
  TimerEventDefinition,
} from './event-definition';

/** The BPMN element a node came from; the runtime picks its behaviour by this (plus the event definition). */
export type FlowNodeType =
  | 'startEvent'
  | 'endEvent'
  | 'intermediateCatchEvent'
  | 'intermediateThrowEvent'
  | 'boundaryEvent'
  | 'task'
  | 'manualTask'
  | 'userTask'
  | 'serviceTask'
  | 'scriptTask'
  | 'sendTask'
  | 'businessRuleTask'
  | 'receiveTask'
  | 'exclusiveGateway'
  | 'parallelGateway'
  | 'inclusiveGateway'
  | 'eventBasedGateway'
  | 'subProcess'
  | 'callActivity';

export interface FlowNodeBase {
  readonly id: string;
  readonly name: string | null;
  readonly type: FlowNodeType;
  /** Camunda's activity type as history shows it: `noneEndEvent`, `boundaryTimer`, `messageStartEvent`, ... */
  readonly activityType: string;
  /** The scope the node lives in: the process key or the id of the enclosing (event) sub-process. */
  readonly scopeId: string;
  /** Sequence flow ids, in document order. */
  readonly incoming: readonly string[];
  readonly outgoing: readonly string[];
  readonly async: AsyncConfig;
  readonly ioMapping: IoMapping | null;
  readonly executionListeners: readonly ExecutionListenerConfig[];
  readonly properties: readonly CamundaProperty[];
  readonly documentation: string | null;
}

export interface ActivityBase extends FlowNodeBase {
  readonly multiInstance: MultiInstanceConfig | null;
  /** Boundary events attached to this activity, in document order. */
  readonly boundaryEventIds: readonly string[];
  /** The activity's default flow (taken when no conditional outgoing flow matches). */
  readonly defaultFlowId: string | null;
  /** A compensation handler: runs only when its activity is compensated, never by a sequence flow. */
  readonly isForCompensation: boolean;
}

export interface StartEventNode extends FlowNodeBase {
  readonly type: 'startEvent';
  readonly eventDefinition:
    | MessageEventDefinition
    | SignalEventDefinition
    | TimerEventDefinition
    | ErrorEventDefinition
    | EscalationEventDefinition
    | ConditionalEventDefinition
    | CompensateEventDefinition
    | null;
  /** Event sub-process starts only; a process or sub-process start always "interrupts" nothing. */
  readonly isInterrupting: boolean;
  readonly formKey: CompiledExpression | null;
  /** camunda:initiator: the variable that receives the starting user's id. */
  readonly initiator: string | null;
}

export interface EndEventNode extends FlowNodeBase {
  readonly type: 'endEvent';
  readonly eventDefinition:
    | TerminateEventDefinition
    | ErrorEventDefinition
    | EscalationEventDefinition
    | SignalEventDefinition
    | MessageEventDefinition
    | CompensateEventDefinition
    | CancelEventDefinition
    | null;
}

export interface IntermediateCatchEventNode extends FlowNodeBase {
  readonly type: 'intermediateCatchEvent';
  readonly eventDefinition:
    | MessageEventDefinition
    | SignalEventDefinition
    | TimerEventDefinition
    | ConditionalEventDefinition
    | LinkEventDefinition;
}

export interface IntermediateThrowEventNode extends FlowNodeBase {
  readonly type: 'intermediateThrowEvent';
  readonly eventDefinition:
    | SignalEventDefinition
    | MessageEventDefinition
    | LinkEventDefinition
    | EscalationEventDefinition
    | CompensateEventDefinition
    | null;
}

export interface BoundaryEventNode extends FlowNodeBase {
  readonly type: 'boundaryEvent';
  readonly attachedToId: string;
  /** Always true for error boundary events. */
  readonly cancelActivity: boolean;
  readonly eventDefinition:
    | ErrorEventDefinition
    | EscalationEventDefinition
    | MessageEventDefinition
    | SignalEventDefinition
    | TimerEventDefinition
    | ConditionalEventDefinition
    | CompensateEventDefinition
    | CancelEventDefinition;
}

export interface PlainTaskNode extends ActivityBase {
  readonly type: 'task' | 'manualTask';
}

export interface UserTaskNode extends ActivityBase {
  readonly type: 'userTask';
  readonly userTask: UserTaskConfig;
}

/** Service and send tasks: only external tasks are executable here (no Java delegates). */
/** Exactly one of `externalTask` and `expressionTask` is set. */
export interface ExternalTaskNode extends ActivityBase {
  readonly type: 'serviceTask' | 'sendTask';
  readonly externalTask: ExternalTaskConfig | null;
  readonly expressionTask?: ExpressionTaskConfig | null;
}

/** JavaScript run in the sandbox; its last value goes to camunda:resultVariable when set. */
export interface ScriptTaskNode extends ActivityBase {
  readonly type: 'scriptTask';
  readonly script: ScriptDefinition;
  readonly resultVariable: string | null;
}

/** Service and send tasks that call host code (embedded engines with delegates). */
export interface DelegateTaskNode extends ActivityBase {
  readonly type: 'serviceTask' | 'sendTask';
  readonly delegate: DelegateRef;
}

/** Exactly one of `decision`, `externalTask` and `expressionTask` is set. */
export interface BusinessRuleTaskNode extends ActivityBase {
  readonly type: 'businessRuleTask';
  readonly decision: DecisionRefConfig | null;
  readonly externalTask: ExternalTaskConfig | null;
  readonly expressionTask?: ExpressionTaskConfig | null;
}

export interface ReceiveTaskNode extends ActivityBase {
  readonly type: 'receiveTask';
  /** null: the task waits for a plain trigger (runtimeService.signal) instead of a message. */
  readonly message: MessageEventDefinition | null;
}

export interface GatewayNode extends FlowNodeBase {
  readonly type: 'exclusiveGateway' | 'parallelGateway' | 'inclusiveGateway' | 'eventBasedGateway';
  readonly defaultFlowId: string | null;
}

export interface SubProcessNode extends ActivityBase {
  readonly type: 'subProcess';
  /** An event sub-process: started by its start event's trigger, never by a sequence flow. */
  readonly triggeredByEvent: boolean;
  /** A bpmn:transaction: a cancel end event inside compensates it and leaves by its cancel boundary event. */
  readonly isTransaction: boolean;
}

export interface CallActivityNode extends ActivityBase {
  readonly type: 'callActivity';
  readonly callActivity: CallActivityConfig;
}

export type ActivityNode =
  | PlainTaskNode
  | UserTaskNode
  | ExternalTaskNode
  | ScriptTaskNode
  | DelegateTaskNode
  | BusinessRuleTaskNode
  | ReceiveTaskNode
  | SubProcessNode
  | CallActivityNode;

export type EventNode =
  StartEventNode | EndEventNode | IntermediateCatchEventNode | IntermediateThrowEventNode | BoundaryEventNode;

export type FlowNode = ActivityNode | EventNode | GatewayNode;

/**
 * The node interface for one type, e.g. `FlowNodeOfType<'exclusiveGateway'>` is GatewayNode. Service and send
 * tasks are their external-task form: the host-code form (DelegateTaskNode) is told apart by `'delegate' in node`.
 */
export type FlowNodeOfType<T extends FlowNodeType> = Exclude<
  FlowNode extends infer N ? (N extends { type: infer U } ? (T extends U ? N : never) : never) : never,
  DelegateTaskNode
>;

const ACTIVITY_TYPES: ReadonlySet<FlowNodeType> = new Set([
  'task',
  'manualTask',
  'userTask',
  'serviceTask',
  'scriptTask',
  'sendTask',
  'businessRuleTask',
  'receiveTask',
  'subProcess',
  'callActivity',
]);

export function isActivity(node: FlowNode): node is ActivityNode {
  return ACTIVITY_TYPES.has(node.type);
}
