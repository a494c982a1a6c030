import { CompiledExpression } from '../../expression';
import { attr, bodyOf, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';

/**
 * A JUEL condition from a bpmn:FormalExpression (sequence flow, conditional event). Any other
 * language would be a script condition, and `camunda:resource` loads one from a file: both rejected.
 */
export function parseCondition(expressionEl: ModdleElement | null, owner: ModdleElement, ctx: ParseContext, what: string): CompiledExpression | null {
  if (!expressionEl) return null;
  const language = attr(expressionEl, 'language');
  if (language !== null && language.toLowerCase() !== 'juel') {
    ctx.error(`Script condition (language '${language}') on ${describe(owner)} is not supported: scripts from a deployment are never run`, owner);
    return null;
  }
  if (attr(expressionEl, 'resource') !== null) {
    ctx.error(`Condition resource on ${describe(owner)} is not supported: conditions must be inline expressions`, owner);
    return null;
  }
  return ctx.expression(bodyOf(expressionEl), owner, what);
}
