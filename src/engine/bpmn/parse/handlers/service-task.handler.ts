import { ExternalTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { parseExpressionImplementation, parseExternalImplementation } from '../external-task.parser';

/** Only external service tasks: the work is fetched and completed by workers over REST. */
export const serviceTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const expressionTask = parseExpressionImplementation(el, ctx);
  const externalTask = expressionTask ? null : parseExternalImplementation(el, el, ctx, true);
  if (!externalTask && !expressionTask) return null;
  const node: ExternalTaskNode = { ...parseActivityFields(el, common, ctx), type: 'serviceTask', activityType: 'serviceTask', externalTask, expressionTask };
  return node;
};
