import { GatewayNode } from '../../model/flow-node';
import { ElementHandler, rejectIoMapping } from '../element-handler';
import { bool } from '../moddle-element';
import { describe } from '../parse-context';

/** Waits for the first of the catch events it leads to; its targets are checked by the builder. */
export const eventBasedGatewayHandler: ElementHandler = (input) => {
  const { el, common, ctx } = input;
  rejectIoMapping(input, 'eventBasedGateway');
  if (bool(el, 'instantiate', false))
    ctx.error(`Instantiating event-based gateway ${describe(el)} is not supported`, el);
  const node: GatewayNode = {
    ...common,
    type: 'eventBasedGateway',
    activityType: 'eventBasedGateway',
    defaultFlowId: null,
  };
  return node;
};
