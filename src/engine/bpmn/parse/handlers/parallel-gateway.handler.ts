import { GatewayNode } from '../../model/flow-node';
import { ElementHandler, rejectIoMapping } from '../element-handler';

/** Forks on every outgoing flow and joins all incoming ones; conditions on its flows are ignored, as in Camunda. */
export const parallelGatewayHandler: ElementHandler = (input) => {
  rejectIoMapping(input, 'parallelGateway');
  const node: GatewayNode = {
    ...input.common,
    type: 'parallelGateway',
    activityType: 'parallelGateway',
    defaultFlowId: null,
  };
  return node;
};
