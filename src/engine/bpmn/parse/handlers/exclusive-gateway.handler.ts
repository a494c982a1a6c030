import { GatewayNode } from '../../model/flow-node';
import { ElementHandler, rejectIoMapping } from '../element-handler';
import { child } from '../moddle-element';

/** Takes the first outgoing flow whose condition holds, else the default flow (checked by the builder). */
export const exclusiveGatewayHandler: ElementHandler = (input) => {
  rejectIoMapping(input, 'exclusiveGateway');
  const node: GatewayNode = {
    ...input.common,
    type: 'exclusiveGateway',
    activityType: 'exclusiveGateway',
    defaultFlowId: child(input.el, 'default')?.id ?? null,
  };
  return node;
};
