import { PlainTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';

/** bpmn:task: does nothing and leaves at once (Camunda's TaskActivityBehavior). */
export const taskHandler: ElementHandler = ({ el, common, ctx }) => {
  const node: PlainTaskNode = { ...parseActivityFields(el, common, ctx), type: 'task', activityType: 'task' };
  return node;
};
