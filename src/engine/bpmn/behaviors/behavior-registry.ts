import { ActivityRef } from '../runtime/activity-ref';
import { FlowNode } from '../model';
import { ActivityBehavior, BehaviorLookup } from '../runtime/activity-behavior';
import { BusinessRuleTaskBehavior } from './business-rule-task.behavior';
import { CallActivityBehavior } from './call-activity.behavior';
import { CancelEndEventBehavior } from './cancel-end-event.behavior';
import { CompensationThrowEventBehavior } from './compensation-throw-event.behavior';
import { ErrorEndEventBehavior } from './error-end-event.behavior';
import { EscalationThrowEventBehavior } from './escalation-throw-event.behavior';
import { EventBasedGatewayBehavior } from './event-based-gateway.behavior';
import { ExclusiveGatewayBehavior } from './exclusive-gateway.behavior';
import { ExternalTaskBehavior, externalTaskConfigOf } from './external-task.behavior';
import { InclusiveGatewayBehavior } from './inclusive-gateway.behavior';
import { IntermediateCatchEventBehavior } from './intermediate-catch-event.behavior';
import { LinkThrowEventBehavior } from './link-throw-event.behavior';
import { MultiInstanceBodyBehavior } from './multi-instance-body.behavior';
import { NoneEndEventBehavior } from './none-end-event.behavior';
import { ParallelGatewayBehavior } from './parallel-gateway.behavior';
import { PassThroughBehavior } from './pass-through.behavior';
import { ReceiveTaskBehavior } from './receive-task.behavior';
import { ScriptTaskBehavior } from './script-task.behavior';
import { SignalThrowEventBehavior } from './signal-throw-event.behavior';
import { SubProcessBehavior } from './sub-process.behavior';
import { TerminateEndEventBehavior } from './terminate-end-event.behavior';
import { UnsupportedBehavior } from './unsupported.behavior';
import { UserTaskBehavior } from './user-task.behavior';

interface Behaviors {
  passThrough: ActivityBehavior;
  noneEnd: ActivityBehavior;
  terminateEnd: ActivityBehavior;
  errorEnd: ActivityBehavior;
  external: ActivityBehavior;
  userTask: ActivityBehavior;
  scriptTask: ActivityBehavior;
  businessRule: ActivityBehavior;
  receive: ActivityBehavior;
  exclusive: ActivityBehavior;
  parallel: ActivityBehavior;
  inclusive: ActivityBehavior;
  subProcess: ActivityBehavior;
  callActivity: ActivityBehavior;
  multiInstance: ActivityBehavior;
  catchEvent: ActivityBehavior;
  eventGateway: ActivityBehavior;
  signalThrow: ActivityBehavior;
  linkThrow: ActivityBehavior;
  escalationThrow: ActivityBehavior;
  compensationThrow: ActivityBehavior;
  cancelEnd: ActivityBehavior;
  unsupported: ActivityBehavior;
}

function all(): Behaviors {
  return {
    passThrough: new PassThroughBehavior(),
    noneEnd: new NoneEndEventBehavior(),
    terminateEnd: new TerminateEndEventBehavior(),
    errorEnd: new ErrorEndEventBehavior(),
    external: new ExternalTaskBehavior(),
    userTask: new UserTaskBehavior(),
    scriptTask: new ScriptTaskBehavior(),
    businessRule: new BusinessRuleTaskBehavior(),
    receive: new ReceiveTaskBehavior(),
    exclusive: new ExclusiveGatewayBehavior(),
    parallel: new ParallelGatewayBehavior(),
    inclusive: new InclusiveGatewayBehavior(),
    subProcess: new SubProcessBehavior(),
    callActivity: new CallActivityBehavior(),
    multiInstance: new MultiInstanceBodyBehavior(),
    catchEvent: new IntermediateCatchEventBehavior(),
    eventGateway: new EventBasedGatewayBehavior(),
    signalThrow: new SignalThrowEventBehavior(),
    linkThrow: new LinkThrowEventBehavior(),
    escalationThrow: new EscalationThrowEventBehavior(),
    compensationThrow: new CompensationThrowEventBehavior(),
    cancelEnd: new CancelEndEventBehavior(),
    unsupported: new UnsupportedBehavior(),
  };
}

function forNode(node: FlowNode, b: Behaviors): ActivityBehavior {
  switch (node.type) {
    case 'startEvent':
    case 'boundaryEvent':
    case 'task':
    case 'manualTask':
      return b.passThrough;
    case 'endEvent':
      switch (node.eventDefinition?.kind) {
        case undefined:
          return b.noneEnd;
        case 'terminate':
          return b.terminateEnd;
        case 'error':
          return b.errorEnd;
        case 'escalation':
          return b.escalationThrow;
        case 'signal':
          return b.signalThrow;
        case 'compensate':
          return b.compensationThrow;
        case 'cancel':
          return b.cancelEnd;
        case 'message':
          // Without an implementation a message throw event behaves as a none event (Camunda).
          return externalTaskConfigOf(node) ? b.external : b.noneEnd;
      }
      return b.unsupported;
    case 'intermediateThrowEvent':
      switch (node.eventDefinition?.kind) {
        case undefined:
          return b.passThrough;
        case 'signal':
          return b.signalThrow;
        case 'link':
          return b.linkThrow;
        case 'escalation':
          return b.escalationThrow;
        case 'compensate':
          return b.compensationThrow;
        case 'message':
          return externalTaskConfigOf(node) ? b.external : b.passThrough;
      }
      return b.unsupported;
    case 'userTask':
      return b.userTask;
    case 'scriptTask':
      return b.scriptTask;
    case 'serviceTask':
    case 'sendTask':
      return b.external;
    case 'businessRuleTask':
      return node.decision ? b.businessRule : b.external;
    case 'receiveTask':
      return b.receive;
    case 'exclusiveGateway':
      return b.exclusive;
    case 'parallelGateway':
      return b.parallel;
    case 'inclusiveGateway':
      return b.inclusive;
    case 'subProcess':
      return b.subProcess;
    case 'callActivity':
      return b.callActivity;
    case 'intermediateCatchEvent':
      return b.catchEvent;
    case 'eventBasedGateway':
      return b.eventGateway;
  }
}

/** One behaviour object per element type; the process engine builds it and hands it to the runtime. */
export class BehaviorRegistry implements BehaviorLookup {
  private readonly behaviors = all();

  behaviorFor(ref: ActivityRef): ActivityBehavior {
    return ref.isBody ? this.behaviors.multiInstance : forNode(ref.node, this.behaviors);
  }
}
