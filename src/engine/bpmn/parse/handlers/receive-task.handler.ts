import { ReceiveTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { message } from '../event-definition.parser';
import { child } from '../moddle-element';

/** With a messageRef the task waits for that message; without one, for a plain trigger. */
export const receiveTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const node: ReceiveTaskNode = {
    ...parseActivityFields(el, common, ctx),
    type: 'receiveTask',
    activityType: 'receiveTask',
    // the receive task carries messageRef itself, so it stands in for the event definition
    message: child(el, 'messageRef') ? message(el, el, ctx, false) : null,
  };
  return node;
};
