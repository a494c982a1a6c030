import { DelegateTaskNode, ExternalTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { parseDelegate } from '../delegate.parser';
import { ElementHandler } from '../element-handler';
import { parseExpressionImplementation, parseExternalImplementation } from '../external-task.parser';

/** Only external service tasks: the work is fetched and completed by workers over REST. */
export const serviceTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const delegate = parseDelegate(el, el, ctx, 'serviceTask');
  if (delegate) {
    const node: DelegateTaskNode = {
      ...parseActivityFields(el, common, ctx),
      type: 'serviceTask',
      activityType: 'serviceTask',
      delegate,
    };
    return node;
  }
  const expressionTask = parseExpressionImplementation(el, ctx);
  const externalTask = expressionTask ? null : parseExternalImplementation(el, el, ctx, true);
  if (!externalTask && !expressionTask) return null;
  const node: ExternalTaskNode = {
    ...parseActivityFields(el, common, ctx),
    type: 'serviceTask',
    activityType: 'serviceTask',
    externalTask,
    expressionTask,
  };
  return node;
};
