import { containsExpression } from '../../expression';
import { MultiInstanceConfig } from '../model/element-config';
import { parseAsync } from './common-fields.parser';
import { attr, bodyOf, bool, child, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';

const optionalAttr = (el: ModdleElement | null, name: string) => (el ? attr(el, name) : null);

/**
 * bpmn:multiInstanceLoopCharacteristics with Camunda's collection/elementVariable or BPMN's loopDataInputRef and
 * inputDataItem; standard loops are rejected.
 */
export function parseMultiInstance(el: ModdleElement, ctx: ParseContext): MultiInstanceConfig | null {
  const lc = child(el, 'loopCharacteristics');
  if (!lc) return null;
  if (lc.$type !== 'bpmn:MultiInstanceLoopCharacteristics') {
    ctx.error(`Standard loop characteristics on ${describe(el)} are not supported; use multi-instance`, el);
    return null;
  }
  const loopCardinality = ctx.expression(bodyOf(child(lc, 'loopCardinality')), el, 'loopCardinality');
  // BPMN's standard form (loopDataInputRef, inputDataItem) stands beside Camunda's attributes, which win.
  const dataInput = child(lc, 'loopDataInputRef');
  const collectionText = attr(lc, 'collection') ?? dataInput?.id ?? ctx.literalLoopDataInputs.get(lc) ?? null;
  const collection =
    collectionText === null
      ? null
      : containsExpression(collectionText)
        ? {
            kind: 'expression' as const,
            expression: ctx.expression(collectionText, el, "attribute 'camunda:collection'")!,
          }
        : { kind: 'variable' as const, name: collectionText.trim() };
  if (!loopCardinality && !collection) {
    ctx.error(`Either loopCardinality or loopDataInputRef/activiti:collection must been set (${describe(el)})`, el);
  }
  return {
    bodyId: `${el.id}#multiInstanceBody`,
    isSequential: bool(lc, 'isSequential', false),
    loopCardinality,
    collection,
    elementVariable: attr(lc, 'elementVariable') ?? optionalAttr(child(lc, 'inputDataItem'), 'name'),
    completionCondition: ctx.expression(bodyOf(child(lc, 'completionCondition')), el, 'completionCondition'),
    async: parseAsync(lc, ctx),
  };
}
