import { DecisionRefConfig, DecisionResultMapping } from '../../model/element-config';
import { BusinessRuleTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { parseExpressionImplementation, parseExternalImplementation } from '../external-task.parser';
import { attr, ModdleElement, rawAttr } from '../moddle-element';
import { ParseContext } from '../parse-context';
import { parseBinding } from './binding';

const MAPPERS: readonly DecisionResultMapping[] = ['singleEntry', 'singleResult', 'collectEntries', 'resultList'];

/** A DMN decision (camunda:decisionRef) or an external task; Java implementations are rejected. */
export const businessRuleTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const decisionRef = attr(el, 'decisionRef');
  const decision = decisionRef !== null ? parseDecisionRef(el, decisionRef, ctx) : null;
  const expressionTask = decision ? null : parseExpressionImplementation(el, ctx);
  const externalTask = expressionTask ? null : parseExternalImplementation(el, el, ctx, decisionRef === null);
  if (!decision && !externalTask && !expressionTask) return null;
  const node: BusinessRuleTaskNode = {
    ...parseActivityFields(el, common, ctx),
    type: 'businessRuleTask',
    activityType: 'businessRuleTask',
    decision,
    externalTask: decision ? null : externalTask,
    expressionTask,
  };
  return node;
};

function parseDecisionRef(el: ModdleElement, decisionRef: string, ctx: ParseContext): DecisionRefConfig {
  const expr = (text: string | null, name: string) => ctx.expression(text, el, `attribute 'camunda:${name}'`);
  const version = expr(attr(el, 'decisionRefVersion'), 'decisionRefVersion');
  // camunda-bpmn-moddle 8 does not know decisionRefVersionTag; moddle keeps it among the unknown attributes
  const versionTag = expr(
    attr(el, 'decisionRefVersionTag') ?? rawAttr(el, 'camunda:decisionRefVersionTag'),
    'decisionRefVersionTag',
  );
  const mapping = attr(el, 'mapDecisionResult') ?? 'resultList';
  if (!MAPPERS.includes(mapping as DecisionResultMapping)) {
    ctx.error(
      `No decision result mapper found for name '${mapping}'. Supported mappers are 'singleEntry', 'singleResult', 'collectEntries' and 'resultList'.`,
      el,
    );
  }
  return {
    decisionRef: expr(decisionRef, 'decisionRef')!,
    binding: parseBinding(el, ctx, attr(el, 'decisionRefBinding'), version, versionTag, {
      binding: 'camunda:decisionRefBinding',
      version: 'camunda:decisionRefVersion',
      versionTag: 'camunda:decisionRefVersionTag',
    }),
    version,
    versionTag,
    tenantId: expr(attr(el, 'decisionRefTenantId'), 'decisionRefTenantId'),
    resultVariable: attr(el, 'resultVariable'),
    mapDecisionResult: MAPPERS.includes(mapping as DecisionResultMapping)
      ? (mapping as DecisionResultMapping)
      : 'resultList',
  };
}
