import { CompiledExpression } from '../../expression';
import { ScriptDefinition } from '../model/element-config';
import { parseScript } from './script.parser';
import { attr, bodyOf, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';

/** A JUEL condition from a bpmn:FormalExpression; a JUEL condition in a file (`camunda:resource`) is refused. */
function parseCondition(
  expressionEl: ModdleElement | null,
  owner: ModdleElement,
  ctx: ParseContext,
  what: string,
): CompiledExpression | null {
  if (!expressionEl) return null;
  if (attr(expressionEl, 'resource') !== null) {
    ctx.error(
      `Condition resource on ${describe(owner)} is not supported: conditions must be inline expressions`,
      owner,
    );
    return null;
  }
  return ctx.expression(bodyOf(expressionEl), owner, what);
}

/**
 * A sequence flow's or conditional event's condition: a JUEL expression, or a script in another language
 * (JavaScript runs, in the sandbox).
 */
export function parseFlowCondition(
  expressionEl: ModdleElement | null,
  owner: ModdleElement,
  ctx: ParseContext,
): { condition: CompiledExpression | null; conditionScript: ScriptDefinition | null } {
  const language = expressionEl ? attr(expressionEl, 'language') : null;
  if (!expressionEl || language === null || language.toLowerCase() === 'juel') {
    return { condition: parseCondition(expressionEl, owner, ctx, 'the condition expression'), conditionScript: null };
  }
  const conditionScript = parseScript(
    { format: language, source: bodyOf(expressionEl), resource: attr(expressionEl, 'resource') },
    owner,
    ctx,
    'the condition',
    `Script condition (language '${language}') on ${describe(owner)} is not supported: scripts from a deployment are never run`,
  );
  return { condition: null, conditionScript };
}
