import { ElementHandler } from './element-handler';
import { boundaryEventHandler } from './handlers/boundary-event.handler';
import { businessRuleTaskHandler } from './handlers/business-rule-task.handler';
import { callActivityHandler } from './handlers/call-activity.handler';
import { endEventHandler } from './handlers/end-event.handler';
import { eventBasedGatewayHandler } from './handlers/event-based-gateway.handler';
import { exclusiveGatewayHandler } from './handlers/exclusive-gateway.handler';
import { inclusiveGatewayHandler } from './handlers/inclusive-gateway.handler';
import { intermediateCatchEventHandler } from './handlers/intermediate-catch-event.handler';
import { intermediateThrowEventHandler } from './handlers/intermediate-throw-event.handler';
import { manualTaskHandler } from './handlers/manual-task.handler';
import { parallelGatewayHandler } from './handlers/parallel-gateway.handler';
import { receiveTaskHandler } from './handlers/receive-task.handler';
import { scriptTaskHandler } from './handlers/script-task.handler';
import { sendTaskHandler } from './handlers/send-task.handler';
import { serviceTaskHandler } from './handlers/service-task.handler';
import { startEventHandler } from './handlers/start-event.handler';
import { subProcessHandler } from './handlers/sub-process.handler';
import { taskHandler } from './handlers/task.handler';
import { userTaskHandler } from './handlers/user-task.handler';

/**
 * Flow element type -> handler. A type missing here is a parse error naming the element, so an
 * unsupported construct never reaches the runtime.
 */
export const ELEMENT_HANDLERS: ReadonlyMap<string, ElementHandler> = new Map([
  ['bpmn:StartEvent', startEventHandler],
  ['bpmn:EndEvent', endEventHandler],
  ['bpmn:IntermediateCatchEvent', intermediateCatchEventHandler],
  ['bpmn:IntermediateThrowEvent', intermediateThrowEventHandler],
  ['bpmn:BoundaryEvent', boundaryEventHandler],
  ['bpmn:Task', taskHandler],
  ['bpmn:ManualTask', manualTaskHandler],
  ['bpmn:UserTask', userTaskHandler],
  ['bpmn:ServiceTask', serviceTaskHandler],
  ['bpmn:SendTask', sendTaskHandler],
  ['bpmn:BusinessRuleTask', businessRuleTaskHandler],
  ['bpmn:ReceiveTask', receiveTaskHandler],
  ['bpmn:ScriptTask', scriptTaskHandler],
  ['bpmn:ExclusiveGateway', exclusiveGatewayHandler],
  ['bpmn:ParallelGateway', parallelGatewayHandler],
  ['bpmn:InclusiveGateway', inclusiveGatewayHandler],
  ['bpmn:EventBasedGateway', eventBasedGatewayHandler],
  ['bpmn:SubProcess', subProcessHandler],
  ['bpmn:Transaction', subProcessHandler],
  ['bpmn:CallActivity', callActivityHandler],
]);

/** Flow elements without behaviour that Camunda also skips. */
export const IGNORED_FLOW_ELEMENTS: ReadonlySet<string> = new Set([
  'bpmn:DataObject',
  'bpmn:DataObjectReference',
  'bpmn:DataStoreReference',
]);
