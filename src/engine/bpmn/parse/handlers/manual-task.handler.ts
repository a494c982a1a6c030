import { PlainTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';

/** bpmn:manualTask: a pass-through like bpmn:task, recorded under its own type. */
export const manualTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const node: PlainTaskNode = {
    ...parseActivityFields(el, common, ctx),
    type: 'manualTask',
    activityType: 'manualTask',
  };
  return node;
};
