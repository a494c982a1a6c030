import { CallActivityMapping } from '../model/element-config';
import { attr, bool, extensions, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';

/**
 * camunda:in / camunda:out variable mappings (variables="all", source, sourceExpression, local) found among the
 * extension elements of `holder`: a call activity's own, or a signal event definition's (the signal's payload).
 * Problems are reported against the element `el`.
 */
export function parseVariableMappings(
  holder: ModdleElement,
  el: ModdleElement,
  type: 'camunda:In' | 'camunda:Out',
  ctx: ParseContext,
): CallActivityMapping[] {
  const tag = type === 'camunda:In' ? 'camunda:in' : 'camunda:out';
  const result: CallActivityMapping[] = [];
  for (const m of extensions(holder, type)) {
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
