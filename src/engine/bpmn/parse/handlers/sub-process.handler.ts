import { SubProcessNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { bool } from '../moddle-element';
import { describe } from '../parse-context';

/** The node only; the builder parses the contents as a nested scope. */
export const subProcessHandler: ElementHandler = ({ el, common, ctx }) => {
  const triggeredByEvent = bool(el, 'triggeredByEvent', false);
  const fields = parseActivityFields(el, common, ctx);
  if (triggeredByEvent && fields.multiInstance) {
    ctx.error(`Event sub-process ${describe(el)} cannot be multi-instance`, el);
  }
  const node: SubProcessNode = {
    ...fields,
    type: 'subProcess',
    // Camunda's history names event sub-processes `eventSubProcess`.
    activityType: triggeredByEvent ? 'eventSubProcess' : 'subProcess',
    triggeredByEvent,
  };
  return node;
};
