import { ExpressionListenerConfig } from '../model/element-config';
import { attr, children, extensions, ModdleElement } from './moddle-element';
import { parseDelegate } from './delegate.parser';
import { describe, ParseContext } from './parse-context';

const KINDS = {
  'camunda:ExecutionListener': 'Execution listener',
  'camunda:TaskListener': 'Task listener',
} as const;

/**
 * Execution and task listeners. Only expression listeners are accepted: class and
 * delegateExpression listeners would run Java, script listeners would run deployment code.
 */
export function parseListeners(el: ModdleElement, type: keyof typeof KINDS, ctx: ParseContext, defaultEvent: string | null = null): ExpressionListenerConfig[] {
  const listeners: ExpressionListenerConfig[] = [];
  for (const listener of extensions(el, type)) {
    const kind = KINDS[type];
    const delegate = type === 'camunda:ExecutionListener' && attr(listener, 'expression') === null ? parseDelegate(listener, el, ctx, kind) : null;
    const rejected = delegate ? undefined : ['class', 'delegateExpression'].find((a) => attr(listener, a) !== null);
    if (rejected) {
      ctx.error(`${kind} with camunda:${rejected} on ${describe(el)} is not supported: Java code is never run`, el);
      continue;
    }
    if (listener.script) {
      ctx.error(`${kind} with a script on ${describe(el)} is not supported: scripts from a deployment are never run`, el);
      continue;
    }
    const event = attr(listener, 'event') ?? defaultEvent;
    if (event === null) {
      ctx.error(`Attribute 'event' is mandatory on ${kind.toLowerCase()} of ${describe(el)}`, el);
      continue;
    }
    if (type === 'camunda:TaskListener' && (event === 'timeout' || children(listener, 'eventDefinitions').length > 0)) {
      ctx.error(`Task listener with event 'timeout' on ${describe(el)} is not supported`, el);
      continue;
    }
    if (delegate) {
      listeners.push({ event, expression: ctx.placeholder(), id: attr(listener, 'id'), delegate });
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
