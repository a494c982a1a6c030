import { UserTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { parseTaskListeners } from '../listener.parser';
import { attr, children } from '../moddle-element';
import { describe } from '../parse-context';
import { splitCommaList } from '../text-values';

/** Every assignment attribute may be an expression; candidate lists are comma lists of expressions. */
export const userTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const expr = (name: string) => ctx.expression(attr(el, name), el, `attribute 'camunda:${name}'`);
  const list = (name: string) =>
    splitCommaList(attr(el, name)).map(
      (item) => ctx.expression(item, el, `attribute 'camunda:${name}'`) ?? ctx.placeholder(),
    );
  if (children(el, 'resources').length > 0) {
    ctx.warning(
      `Resource assignments (humanPerformer, potentialOwner) on ${describe(el)} are ignored; use camunda:assignee and candidates`,
      el,
    );
  }
  const node: UserTaskNode = {
    ...parseActivityFields(el, common, ctx),
    type: 'userTask',
    activityType: 'userTask',
    userTask: {
      assignee: expr('assignee'),
      candidateUsers: list('candidateUsers'),
      candidateGroups: list('candidateGroups'),
      dueDate: expr('dueDate'),
      followUpDate: expr('followUpDate'),
      priority: expr('priority'),
      formKey: expr('formKey'),
      taskListeners: parseTaskListeners(el, ctx),
    },
  };
  return node;
};
