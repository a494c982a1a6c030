import { CallActivityMapping } from '../../model/element-config';
import { CallActivityNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { attr, bool, extensions, ModdleElement } from '../moddle-element';
import { describe, ParseContext } from '../parse-context';
import { parseBinding } from './binding';

/** Calls another BPMN process; CMMN cases and Java variable mappings are rejected. */
export const callActivityHandler: ElementHandler = ({ el, common, ctx }) => {
  const expr = (name: string) => ctx.expression(attr(el, name), el, `attribute '${name}'`);
  if (attr(el, 'caseRef') !== null)
    ctx.error(`Call activity ${describe(el)} calls a CMMN case, which is not supported`, el);
  for (const java of ['variableMappingClass', 'variableMappingDelegateExpression']) {
    if (attr(el, java) !== null)
      ctx.error(`camunda:${java} on ${describe(el)} is not supported: Java code is never run`, el);
  }
  const calledElement = expr('calledElement');
  if (!calledElement) {
    if (attr(el, 'caseRef') === null)
      ctx.error(`Missing attribute 'calledElement' on call activity ${describe(el)}`, el);
    return null;
  }
  const version = expr('calledElementVersion');
  const versionTag = expr('calledElementVersionTag');
  const businessKeys = extensions(el, 'camunda:In')
    .map((i) => attr(i, 'businessKey'))
    .filter((b) => b !== null);
  const node: CallActivityNode = {
    ...parseActivityFields(el, common, ctx),
    type: 'callActivity',
    activityType: 'callActivity',
    callActivity: {
      calledElement,
      binding: parseBinding(el, ctx, attr(el, 'calledElementBinding'), version, versionTag, {
        binding: 'camunda:calledElementBinding',
        version: 'camunda:calledElementVersion',
        versionTag: 'camunda:calledElementVersionTag',
      }),
      version,
      versionTag,
      tenantId: expr('calledElementTenantId'),
      inputs: mappings(el, 'camunda:In', ctx),
      outputs: mappings(el, 'camunda:Out', ctx),
      businessKey: ctx.expression(businessKeys[0] ?? null, el, 'camunda:in businessKey'),
    },
  };
  return node;
};

function mappings(el: ModdleElement, type: 'camunda:In' | 'camunda:Out', ctx: ParseContext): CallActivityMapping[] {
  const tag = type === 'camunda:In' ? 'camunda:in' : 'camunda:out';
  const result: CallActivityMapping[] = [];
  for (const m of extensions(el, type)) {
    const local = bool(m, 'local', false);
    if (attr(m, 'variables') === 'all') {
      result.push({ kind: 'all', local });
      continue;
    }
    if (attr(m, 'businessKey') !== null && type === 'camunda:In') continue;
    const source = attr(m, 'source');
    const sourceExpression = attr(m, 'sourceExpression');
    const target = attr(m, 'target');
    if (source === null && sourceExpression === null) {
      ctx.error(
        `Missing parameter 'source' or 'sourceExpression' when passing variables (${tag} on ${describe(el)})`,
        el,
      );
    } else if (target === null) {
      ctx.error(
        `Missing attribute 'target' when attribute 'source' or 'sourceExpression' is set (${tag} on ${describe(el)})`,
        el,
      );
    } else if (sourceExpression !== null) {
      const expression = ctx.expression(sourceExpression, el, `${tag} sourceExpression`) ?? ctx.placeholder();
      result.push({ kind: 'expression', sourceExpression: expression, target, local });
    } else {
      result.push({ kind: 'variable', source: source!, target, local });
    }
  }
  return result;
}
