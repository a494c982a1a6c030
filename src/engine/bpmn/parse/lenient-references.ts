import type { ModdleWarning } from 'bpmn-moddle';
import { child, children, isModdleElement, ModdleElement } from './moddle-element';
import { ParseContext } from './parse-context';

/**
 * BPMN makes a sequence flow's id optional and Camunda deploys flows without one. The graph needs an id
 * for every flow, so such a flow gets `sequenceFlow_<source>_<target>` (`_2`, `_3`... when that is taken
 * by any id in the document or by an earlier generated one). It depends only on the document, so every
 * deployment of the same XML gives the same ids. The generated id is located at the flow's start tag.
 */
export function assignSequenceFlowIds(definitions: ModdleElement, ctx: ParseContext): void {
  const idless: ModdleElement[] = [];
  // Depth-first in document order: a sub-process's flows sit between its siblings in the text too.
  const visit = (container: ModdleElement) => {
    for (const el of children(container, 'flowElements')) {
      if (el.$type === 'bpmn:SequenceFlow' && (el.id ?? '').trim() === '') idless.push(el);
      visit(el);
    }
  };
  children(definitions, 'rootElements').forEach(visit);
  if (idless.length === 0) return;

  const tags = ctx.locator.startTagsWithoutId('sequenceFlow');
  // Positions are only trusted when the text and the parsed model agree on what is missing an id.
  const located = tags.length === idless.length;
  idless.forEach((el, i) => {
    const base = `sequenceFlow_${child(el, 'sourceRef')?.id ?? ''}_${child(el, 'targetRef')?.id ?? ''}`;
    let id = base;
    for (let n = 2; ctx.locator.hasId(id) || ctx.generatedFlowIds.has(id); n++) id = `${base}_${n}`;
    (el as { id?: string }).id = id;
    ctx.generatedFlowIds.add(id);
    if (located) ctx.locator.alias(id, tags[i]);
  });
}

const UNRESOLVED = /^unresolved reference <(.*)>$/;

/**
 * References bpmn-moddle could not resolve but Camunda accepts. Returns the warnings left to report.
 *
 * - `errorRef` naming no declared error: Camunda takes the text itself as the error code (its `errors`
 *   map misses and the reference is used as the code), on catching and throwing events alike.
 * - `messageRef` / `signalRef` with a prefix (`tns:newBooking`): Camunda resolves them as QNames against
 *   the prefixes declared on `<definitions>`, and messages and signals live in the target namespace, so
 *   the reference holds when the prefix stands for the target namespace. Every other reference is a
 *   plain id in Camunda too, and stays unresolved.
 * - a multi-instance `loopDataInputRef` naming no data element: Camunda reads its text as the collection, a variable
 *   name or an expression, like camunda:collection.
 */
export function resolveLenientReferences(
  definitions: ModdleElement,
  warnings: ModdleWarning[],
  ctx: ParseContext,
): ModdleWarning[] {
  const left: ModdleWarning[] = [];
  for (const w of warnings) {
    const ref = UNRESOLVED.exec(w.message)?.[1];
    const el = isModdleElement(w.element) ? w.element : null;
    const property = (w.property ?? '').slice((w.property ?? '').indexOf(':') + 1);
    if (ref === undefined || el === null) {
      left.push(w);
    } else if (property === 'errorRef' && el.$type.endsWith('ErrorEventDefinition')) {
      ctx.literalErrorRefs.set(el, ref);
    } else if (property === 'loopDataInputRef' && el.$type === 'bpmn:MultiInstanceLoopCharacteristics') {
      ctx.literalLoopDataInputs.set(el, ref);
    } else if (
      (property === 'messageRef' || property === 'signalRef') &&
      resolveQName(definitions, el, property, ref)
    ) {
      continue;
    } else {
      left.push(w);
    }
  }
  return left;
}

function resolveQName(
  definitions: ModdleElement,
  el: ModdleElement,
  property: 'messageRef' | 'signalRef',
  ref: string,
): boolean {
  const colon = ref.indexOf(':');
  if (colon < 0) return false;
  const namespace = definitions.$attrs?.[`xmlns:${ref.slice(0, colon)}`];
  const targetNamespace = definitions.targetNamespace;
  if (namespace === undefined || namespace !== targetNamespace) return false;
  const type = property === 'messageRef' ? 'bpmn:Message' : 'bpmn:Signal';
  const local = ref.slice(colon + 1);
  const target = children(definitions, 'rootElements').find((r) => r.$type === type && r.id === local);
  if (!target) return false;
  (el as Record<string, unknown>)[property] = target;
  return true;
}
