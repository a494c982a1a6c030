import { UserTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { parseTaskListeners } from '../listener.parser';
import { attr, bodyOf, child, children, ModdleElement } from '../moddle-element';
import { describe, ParseContext } from '../parse-context';
import { splitCommaList } from '../text-values';

/** Every assignment attribute may be an expression; candidate lists are comma lists of expressions. */
export const userTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const expr = (name: string) => ctx.expression(attr(el, name), el, `attribute 'camunda:${name}'`);
  const list = (name: string) =>
    splitCommaList(attr(el, name)).map(
      (item) => ctx.expression(item, el, `attribute 'camunda:${name}'`) ?? ctx.placeholder(),
    );
  const resources = parseResourceAssignments(el, ctx);
  const node: UserTaskNode = {
    ...parseActivityFields(el, common, ctx),
    type: 'userTask',
    activityType: 'userTask',
    userTask: {
      assignee: resources.assignee ?? expr('assignee'),
      candidateUsers: [...resources.candidateUsers, ...list('candidateUsers')],
      candidateGroups: [...resources.candidateGroups, ...list('candidateGroups')],
      dueDate: expr('dueDate'),
      followUpDate: expr('followUpDate'),
      priority: expr('priority'),
      formKey: expr('formKey'),
      taskListeners: parseTaskListeners(el, ctx),
    },
  };
  return node;
};

type Expr = UserTaskNode['userTask']['assignee'];

/**
 * BPMN's own resource assignments, as Camunda reads them: a humanPerformer's formal expression is the assignee, a
 * potentialOwner's is a comma list of `user(...)`, `group(...)` or plain group ids. An assignee given both ways is
 * refused like Camunda does.
 */
function parseResourceAssignments(el: ModdleElement, ctx: ParseContext) {
  const out = {
    assignee: null as Expr,
    candidateUsers: [] as NonNullable<Expr>[],
    candidateGroups: [] as NonNullable<Expr>[],
  };
  const formal = (role: ModdleElement) =>
    bodyOf(child(child(role, 'resourceAssignmentExpression') ?? role, 'expression'));
  const roles = children(el, 'resources');
  const performers = roles.filter((r) => r.$type === 'bpmn:HumanPerformer');
  if (performers.length > 1) {
    ctx.error(
      `Invalid task definition: multiple humanPerformer sub elements defined for ${attr(el, 'name') ?? 'null'}`,
      el,
    );
  }
  for (const role of roles) {
    const text = formal(role);
    if (text == null) continue;
    const what = `${localName(role)} of ${describe(el)}`;
    if (role.$type === 'bpmn:HumanPerformer') {
      if (attr(el, 'assignee') != null) ctx.error('Invalid usage: duplicate assignee declaration for task', el);
      out.assignee = ctx.expression(text.trim(), el, what) ?? ctx.placeholder();
    } else if (role.$type === 'bpmn:PotentialOwner') {
      for (const item of splitCommaList(text)) {
        const inner = /^(user|group)\((.*)\)$/s.exec(item);
        const target = inner?.[1] === 'user' ? out.candidateUsers : out.candidateGroups;
        target.push(ctx.expression((inner ? inner[2] : item).trim(), el, what) ?? ctx.placeholder());
      }
    } else {
      ctx.warning(`Resource role ${localName(role)} on ${describe(el)} is ignored`, role);
    }
  }
  return out;
}

const localName = (role: ModdleElement) => role.$type.slice(role.$type.indexOf(':') + 1);
