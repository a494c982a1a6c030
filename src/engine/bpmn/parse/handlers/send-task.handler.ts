import { DelegateTaskNode, ExternalTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { parseDelegate } from '../delegate.parser';
import { ElementHandler } from '../element-handler';
import { parseExpressionImplementation, parseExternalImplementation } from '../external-task.parser';

/** A send task is implemented like a service task; only camunda:type="external" is executable. */
export const sendTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const delegate = parseDelegate(el, el, ctx, 'sendTask');
  if (delegate) {
    const node: DelegateTaskNode = {
      ...parseActivityFields(el, common, ctx),
      type: 'sendTask',
      activityType: 'sendTask',
      delegate,
    };
    return node;
  }
  const expressionTask = parseExpressionImplementation(el, ctx);
  const externalTask = expressionTask ? null : parseExternalImplementation(el, el, ctx, true);
  if (!externalTask && !expressionTask) return null;
  const node: ExternalTaskNode = {
    ...parseActivityFields(el, common, ctx),
    type: 'sendTask',
    activityType: 'sendTask',
    externalTask,
    expressionTask,
  };
  return node;
};
