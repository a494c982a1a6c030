import { ExecutionListenerConfig, ExpressionListenerConfig } from '../model/element-config';
import { attr, children, extensions, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';
import { parseScript } from './script.parser';

const KINDS = {
  'camunda:ExecutionListener': 'Execution listener',
  'camunda:TaskListener': 'Task listener',
} as const;

/**
 * Task listeners. Only expression listeners are accepted: class and delegateExpression listeners
 * would run Java; script task listeners are not run yet.
 */
export function parseListeners(el: ModdleElement, type: keyof typeof KINDS, ctx: ParseContext, defaultEvent: string | null = null): ExpressionListenerConfig[] {
  return readListeners(el, type, ctx, defaultEvent, false) as ExpressionListenerConfig[];
}

/** Execution listeners: expressions, and JavaScript run in the sandbox. */
export function parseExecutionListeners(el: ModdleElement, ctx: ParseContext, defaultEvent: string | null = null): ExecutionListenerConfig[] {
  return readListeners(el, 'camunda:ExecutionListener', ctx, defaultEvent, true);
}

function readListeners(
  el: ModdleElement,
  type: keyof typeof KINDS,
  ctx: ParseContext,
  defaultEvent: string | null,
  scripts: boolean,
): ExecutionListenerConfig[] {
  const listeners: ExecutionListenerConfig[] = [];
  for (const listener of extensions(el, type)) {
    const kind = KINDS[type];
    const rejected = ['class', 'delegateExpression'].find((a) => attr(listener, a) !== null);
    if (rejected) {
      ctx.error(`${kind} with camunda:${rejected} on ${describe(el)} is not supported: Java code is never run`, el);
      continue;
    }
    const refusal = `${kind} with a script on ${describe(el)} is not supported: scripts from a deployment are never run`;
    if (listener.script && !scripts) {
      ctx.error(refusal, el);
      continue;
    }
    const event = attr(listener, 'event') ?? defaultEvent;
    if (event === null) {
      ctx.error(`Attribute 'event' is mandatory on ${kind.toLowerCase()} of ${describe(el)}`, el);
      continue;
    }
    if (listener.script) {
      const def = listener.script as ModdleElement;
      const script = parseScript(
        { format: attr(def, 'scriptFormat'), source: typeof def.value === 'string' ? def.value : null, resource: attr(def, 'resource') },
        el,
        ctx,
        `the ${kind.toLowerCase()} '${event}'`,
        refusal,
      );
      if (script) listeners.push({ event, script, id: attr(listener, 'id') });
      continue;
    }
    if (type === 'camunda:TaskListener' && (event === 'timeout' || children(listener, 'eventDefinitions').length > 0)) {
      ctx.error(`Task listener with event 'timeout' on ${describe(el)} is not supported`, el);
      continue;
    }
    const expression = ctx.expression(attr(listener, 'expression'), el, `the ${kind.toLowerCase()} '${event}'`);
    if (!expression) {
      ctx.error(`${kind} '${event}' on ${describe(el)} needs a camunda:expression`, el);
      continue;
    }
    listeners.push({ event, expression, id: attr(listener, 'id') });
  }
  return listeners;
}
