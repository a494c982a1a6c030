import { StartEventNode } from '../../model/flow-node';
import { ElementHandler, rejectIoMapping } from '../element-handler';
import { parseEventDefinition } from '../event-definition.parser';
import { attr, bool } from '../moddle-element';

const ACTIVITY_TYPE = {
  none: 'startEvent',
  message: 'messageStartEvent',
  signal: 'signalStartEvent',
  timer: 'startTimerEvent',
  error: 'errorStartEvent',
  escalation: 'escalationStartEvent',
  conditional: 'conditionalStartEvent',
  compensate: 'compensationStartEvent',
} as const;

/** Where each kind of start event is allowed is checked per scope (scope-rules.validator). */
export const startEventHandler: ElementHandler = (input) => {
  const { el, common, ctx } = input;
  rejectIoMapping(input, 'startEvent');
  const eventDefinition = parseEventDefinition(
    el,
    ctx,
    ['message', 'signal', 'timer', 'error', 'escalation', 'conditional', 'compensate'],
    false,
  );
  const node: StartEventNode = {
    ...common,
    type: 'startEvent',
    activityType: ACTIVITY_TYPE[eventDefinition?.kind ?? 'none'],
    eventDefinition,
    isInterrupting: bool(el, 'isInterrupting', true),
    formKey: ctx.expression(attr(el, 'formKey'), el, "attribute 'camunda:formKey'"),
    initiator: attr(el, 'initiator'),
  };
  return node;
};
