import { ExternalTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { parseExternalImplementation } from '../external-task.parser';

/** Only external service tasks: the work is fetched and completed by workers over REST. */
export const serviceTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const externalTask = parseExternalImplementation(el, el, ctx, true);
  if (!externalTask) return null;
  const node: ExternalTaskNode = { ...parseActivityFields(el, common, ctx), type: 'serviceTask', activityType: 'serviceTask', externalTask };
  return node;
};
