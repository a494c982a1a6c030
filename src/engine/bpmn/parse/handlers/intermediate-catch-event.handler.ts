import { IntermediateCatchEventNode } from '../../model/flow-node';
import { ElementHandler } from '../element-handler';
import { parseEventDefinition } from '../event-definition.parser';
import { describe } from '../parse-context';

const ACTIVITY_TYPE = {
  message: 'intermediateMessageCatch',
  signal: 'intermediateSignalCatch',
  timer: 'intermediateTimer',
  conditional: 'intermediateConditional',
  link: 'intermediateLinkCatch',
} as const;

export const intermediateCatchEventHandler: ElementHandler = ({ el, common, ctx }) => {
  const eventDefinition = parseEventDefinition(el, ctx, ['message', 'signal', 'timer', 'conditional', 'link'], false);
  if (!eventDefinition) {
    if (!ctx.hasErrorFor(el)) ctx.error(`Intermediate catch event ${describe(el)} needs an event definition`, el);
    return null;
  }
  const node: IntermediateCatchEventNode = {
    ...common,
    type: 'intermediateCatchEvent',
    activityType: ACTIVITY_TYPE[eventDefinition.kind],
    eventDefinition,
  };
  return node;
};
