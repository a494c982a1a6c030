import { CallActivityNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { attr, extensions } from '../moddle-element';
import { describe } from '../parse-context';
import { parseVariableMappings } from '../variable-mappings.parser';
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
      inputs: parseVariableMappings(el, el, 'camunda:In', ctx),
      outputs: parseVariableMappings(el, el, 'camunda:Out', ctx),
      businessKey: ctx.expression(businessKeys[0] ?? null, el, 'camunda:in businessKey'),
    },
  };
  return node;
};
