import { EndEventNode } from '../../model/flow-node';
import { ElementHandler, rejectIoMapping } from '../element-handler';
import { parseEventDefinition } from '../event-definition.parser';

const ACTIVITY_TYPE = {
  none: 'noneEndEvent',
  terminate: 'terminateEndEvent',
  error: 'errorEndEvent',
  escalation: 'escalationEndEvent',
  signal: 'signalEndEvent',
  message: 'messageEndEvent',
  compensate: 'compensationEndEvent',
  cancel: 'cancelEndEvent',
} as const;

export const endEventHandler: ElementHandler = (input) => {
  const { el, common, ctx } = input;
  rejectIoMapping(input, 'endEvent', true);
  const eventDefinition = parseEventDefinition(
    el,
    ctx,
    ['terminate', 'error', 'escalation', 'signal', 'message', 'compensate', 'cancel'],
    true,
  );
  const node: EndEventNode = {
    ...common,
    type: 'endEvent',
    activityType: ACTIVITY_TYPE[eventDefinition?.kind ?? 'none'],
    eventDefinition,
  };
  return node;
};
