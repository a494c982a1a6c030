import { BoundaryEventNode } from '../../model/flow-node';
import { ElementHandler, rejectIoMapping } from '../element-handler';
import { parseEventDefinition } from '../event-definition.parser';
import { bool, child } from '../moddle-element';
import { describe } from '../parse-context';

const ACTIVITY_TYPE = {
  error: 'boundaryError',
  escalation: 'boundaryEscalation',
  message: 'boundaryMessage',
  signal: 'boundarySignal',
  timer: 'boundaryTimer',
  conditional: 'boundaryConditional',
  compensate: 'compensationBoundaryCatch',
  cancel: 'cancelBoundaryCatch',
} as const;

/** The attached activity is checked by the graph builder, which knows every node of the scope. */
export const boundaryEventHandler: ElementHandler = (input) => {
  const { el, common, ctx } = input;
  rejectIoMapping(input, 'boundaryEvent');
  const attachedTo = child(el, 'attachedToRef');
  if (!attachedTo) {
    if (!ctx.hasErrorFor(el)) ctx.error(`Boundary event ${describe(el)} needs an attachedToRef`, el);
    return null;
  }
  const eventDefinition = parseEventDefinition(
    el,
    ctx,
    ['error', 'escalation', 'message', 'signal', 'timer', 'conditional', 'compensate', 'cancel'],
    false,
  );
  if (!eventDefinition) {
    if (!ctx.hasErrorFor(el)) ctx.error(`Boundary event ${describe(el)} needs an event definition`, el);
    return null;
  }
  const cancelActivity = bool(el, 'cancelActivity', true);
  if (eventDefinition.kind === 'error' && !cancelActivity) {
    ctx.warning(`Error boundary event ${describe(el)} always interrupts; cancelActivity="false" is ignored`, el);
  }
  const node: BoundaryEventNode = {
    ...common,
    type: 'boundaryEvent',
    activityType: ACTIVITY_TYPE[eventDefinition.kind],
    attachedToId: attachedTo.id ?? '',
    cancelActivity: eventDefinition.kind === 'error' || eventDefinition.kind === 'cancel' ? true : cancelActivity,
    eventDefinition,
  };
  return node;
};
