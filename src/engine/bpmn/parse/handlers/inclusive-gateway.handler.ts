import { GatewayNode } from '../../model/flow-node';
import { ElementHandler, rejectIoMapping } from '../element-handler';
import { child } from '../moddle-element';

/** Takes every outgoing flow whose condition holds (the default flow when none does); joins what arrives. */
export const inclusiveGatewayHandler: ElementHandler = (input) => {
  rejectIoMapping(input, 'inclusiveGateway');
  const node: GatewayNode = {
    ...input.common,
    type: 'inclusiveGateway',
    activityType: 'inclusiveGateway',
    defaultFlowId: child(input.el, 'default')?.id ?? null,
  };
  return node;
};
