import { ExpressionListenerConfig } from '../model/element-config';
import { attr, children, extensions, ModdleElement } from './moddle-element';
import { TimerEventDefinition } from '../model/event-definition';
import { timer } from './event-definition.parser';
import { describe, ParseContext } from './parse-context';

const TASK_EVENTS = new Set(['create', 'assignment', 'update', 'complete', 'delete', 'timeout']);

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
    const rejected = ['class', 'delegateExpression'].find((a) => attr(listener, a) !== null);
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
    let timerDefinition: TimerEventDefinition | undefined;
    if (type === 'camunda:TaskListener' && event === 'timeout') {
      const id = attr(listener, 'id');
      const defs = children(listener, 'eventDefinitions');
      if (!id || defs.length !== 1 || defs[0].$type !== 'bpmn:TimerEventDefinition') {
        ctx.error(`Timeout task listener on ${describe(el)} needs an id and one timerEventDefinition`, el);
        continue;
      }
      const parsed = timer(defs[0], el, ctx);
      if (!parsed) continue;
      timerDefinition = parsed;
    } else if (type === 'camunda:TaskListener' && !TASK_EVENTS.has(event)) {
      ctx.error(`Task listener event '${event}' on ${describe(el)} is not one of ${[...TASK_EVENTS].join(', ')}`, el);
      continue;
    }
    const hosts = type === 'camunda:TaskListener' ? ['execution', 'task'] : ['execution'];
    const expression = ctx.beanFreeExpression(attr(listener, 'expression'), el, `The ${kind.toLowerCase()} '${event}'`, hosts);
    if (!expression) {
      ctx.error(`${kind} '${event}' on ${describe(el)} needs a camunda:expression`, el);
      continue;
    }
    listeners.push({ event, expression, id: attr(listener, 'id'), ...(timerDefinition ? { timer: timerDefinition } : {}) });
  }
  return listeners;
}
