import { ExecutionListenerConfig, TaskListenerConfig } from '../model/element-config';
import { attr, children, extensions, ModdleElement } from './moddle-element';
import { parseDelegate } from './delegate.parser';
import { TimerEventDefinition } from '../model/event-definition';
import { timer } from './event-definition.parser';
import { describe, ParseContext } from './parse-context';
import { parseScript } from './script.parser';

const TASK_EVENTS = new Set(['create', 'assignment', 'update', 'complete', 'delete', 'timeout']);

const KINDS = {
  'camunda:ExecutionListener': 'Execution listener',
  'camunda:TaskListener': 'Task listener',
} as const;

/**
 * Task listeners: expressions and JavaScript run in the sandbox; class and delegateExpression listeners call the
 * `notify(task)` of a host delegate in an engine embedded with host code, and are Java (refused) without it.
 */
export function parseTaskListeners(el: ModdleElement, ctx: ParseContext): TaskListenerConfig[] {
  return readListeners(el, 'camunda:TaskListener', ctx, null);
}

/** Execution listeners: expressions, and JavaScript run in the sandbox. */
export function parseExecutionListeners(
  el: ModdleElement,
  ctx: ParseContext,
  defaultEvent: string | null = null,
): ExecutionListenerConfig[] {
  return readListeners(el, 'camunda:ExecutionListener', ctx, defaultEvent);
}

function readListeners(
  el: ModdleElement,
  type: keyof typeof KINDS,
  ctx: ParseContext,
  defaultEvent: string | null,
): ExecutionListenerConfig[] {
  const listeners: ExecutionListenerConfig[] = [];
  for (const listener of extensions(el, type)) {
    const kind = KINDS[type];
    const delegate = attr(listener, 'expression') === null ? parseDelegate(listener, el, ctx, kind) : null;
    const rejected = delegate ? undefined : ['class', 'delegateExpression'].find((a) => attr(listener, a) !== null);
    if (rejected) {
      ctx.error(`${kind} with camunda:${rejected} on ${describe(el)} is not supported: Java code is never run`, el);
      continue;
    }
    const refusal = `${kind} with a script on ${describe(el)} is not supported: scripts from a deployment are never run`;
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
    const withTimer = timerDefinition ? { timer: timerDefinition } : {};
    if (listener.script) {
      const def = listener.script as ModdleElement;
      const script = parseScript(
        {
          format: attr(def, 'scriptFormat'),
          source: typeof def.value === 'string' ? def.value : null,
          resource: attr(def, 'resource'),
        },
        el,
        ctx,
        `the ${kind.toLowerCase()} '${event}'`,
        refusal,
      );
      if (script) listeners.push({ event, script, id: attr(listener, 'id'), ...withTimer });
      continue;
    }
    if (delegate) {
      listeners.push({
        event,
        expression: ctx.placeholder(),
        id: attr(listener, 'id'),
        delegate,
        ...(timerDefinition ? { timer: timerDefinition } : {}),
      });
      continue;
    }
    const hosts = type === 'camunda:TaskListener' ? ['execution', 'task'] : ['execution'];
    const expression = ctx.beanFreeExpression(
      attr(listener, 'expression'),
      el,
      `The ${kind.toLowerCase()} '${event}'`,
      hosts,
    );
    if (!expression) {
      ctx.error(`${kind} '${event}' on ${describe(el)} needs a camunda:expression`, el);
      continue;
    }
    listeners.push({ event, expression, id: attr(listener, 'id'), ...withTimer });
  }
  return listeners;
}
