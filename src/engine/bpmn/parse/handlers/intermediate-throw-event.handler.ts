import { IntermediateThrowEventNode } from '../../model/flow-node';
import { ElementHandler } from '../element-handler';
import { parseEventDefinition } from '../event-definition.parser';

const ACTIVITY_TYPE = {
  none: 'intermediateNoneThrowEvent',
  signal: 'intermediateSignalThrow',
  message: 'intermediateMessageThrowEvent',
  escalation: 'intermediateEscalationThrowEvent',
  compensate: 'intermediateCompensationThrowEvent',
  // Camunda has no dedicated type for link throws
  link: 'intermediateThrowEvent',
} as const;

export const intermediateThrowEventHandler: ElementHandler = ({ el, common, ctx }) => {
  const eventDefinition = parseEventDefinition(
    el,
    ctx,
    ['signal', 'message', 'link', 'escalation', 'compensate'],
    true,
  );
  const node: IntermediateThrowEventNode = {
    ...common,
    type: 'intermediateThrowEvent',
    activityType: ACTIVITY_TYPE[eventDefinition?.kind ?? 'none'],
    eventDefinition,
  };
  return node;
};
