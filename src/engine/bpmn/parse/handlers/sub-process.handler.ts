import { SubProcessNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { bool } from '../moddle-element';
import { describe } from '../parse-context';

/** Sub-processes and transactions. The node only; the builder parses the contents as a nested scope. */
export const subProcessHandler: ElementHandler = ({ el, common, ctx }) => {
  const triggeredByEvent = bool(el, 'triggeredByEvent', false);
  const isTransaction = el.$type === 'bpmn:Transaction';
  const fields = parseActivityFields(el, common, ctx);
  if (triggeredByEvent && fields.multiInstance) {
    ctx.error(`Event sub-process ${describe(el)} cannot be multi-instance`, el);
  }
  const node: SubProcessNode = {
    ...fields,
    type: 'subProcess',
    // Camunda's history names event sub-processes `eventSubProcess` and transactions `transaction`.
    activityType: triggeredByEvent ? 'eventSubProcess' : isTransaction ? 'transaction' : 'subProcess',
    triggeredByEvent,
    isTransaction,
  };
  return node;
};
