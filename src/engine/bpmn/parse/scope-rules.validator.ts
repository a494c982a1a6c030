import { BoundaryEventNode, FlowNode, StartEventNode } from '../model/flow-node';
import { GraphDraft, ScopeDraft } from './graph-draft';
import { describe, ParseContext } from './parse-context';

/**
 * Which start events each kind of scope may have, and link events pairing up inside a scope:
 * - process: at least one start event, at most one none start event; message/signal/timer/conditional starts; no error
 * start;
 * - embedded sub-process: exactly one none start event;
 * - event sub-process: exactly one start event with an event definition (error starts interrupt);
 * - escalations: one catcher per code among the event sub-processes of a scope and among the boundary
 *   events of an activity, and a catch-all only alone (Camunda's rules, so that one escalation has one catcher).
 */
export function validateScopes(draft: GraphDraft, ctx: ParseContext): void {
  for (const scope of draft.scopes.values()) {
    const nodes = scope.flowNodeIds.map((id) => draft.nodes.get(id)!);
    const starts = nodes.filter((n): n is StartEventNode => n.type === 'startEvent');
    if (scope.kind === 'process') validateProcessStarts(draft, scope, starts, ctx);
    else if (scope.kind === 'subProcess') validateSubProcessStarts(draft, scope, starts, ctx);
    else validateEventSubProcessStarts(draft, scope, starts, ctx);
    validateLinks(draft, nodes, ctx);
    validateEscalationCatchers(draft, nodes, ctx);
  }
}

function validateProcessStarts(
  draft: GraphDraft,
  scope: ScopeDraft,
  starts: StartEventNode[],
  ctx: ParseContext,
): void {
  if (starts.length === 0) ctx.error(`Process '${scope.id}' must define a startEvent element`, scope.element);
  if (starts.filter((s) => s.eventDefinition === null).length > 1) {
    ctx.error(`Multiple none start events are not supported on process '${scope.id}'`, scope.element);
  }
  const messageNames = new Set<string>();
  for (const start of starts) {
    const el = draft.elements.get(start.id);
    const def = start.eventDefinition;
    if (def?.kind === 'error')
      ctx.error(`Error start event ${describe(el)} is only allowed in an event sub-process`, el);
    if (def?.kind === 'escalation')
      ctx.error(`Escalation start event ${describe(el)} is only allowed in an event sub-process`, el);
    if (def?.kind === 'compensate')
      ctx.error(`Compensation start event ${describe(el)} is only allowed in an event sub-process`, el);
    if (def?.kind === 'message' && def.messageName) {
      const name = def.messageName.text;
      if (messageNames.has(name)) {
        ctx.error(
          `Cannot have more than one message event subscription with name '${name}' for scope '${scope.id}'`,
          el,
        );
      }
      messageNames.add(name);
    }
  }
}

function validateSubProcessStarts(
  draft: GraphDraft,
  scope: ScopeDraft,
  starts: StartEventNode[],
  ctx: ParseContext,
): void {
  if (starts.length !== 1) {
    ctx.error(
      `Embedded sub-process ${describe(scope.element)} must contain exactly one none start event`,
      scope.element,
    );
    return;
  }
  if (starts[0].eventDefinition !== null) {
    const el = draft.elements.get(starts[0].id);
    ctx.error(`Start event ${describe(el)} of embedded sub-process '${scope.id}' must be a none start event`, el);
  }
}

function validateEventSubProcessStarts(
  draft: GraphDraft,
  scope: ScopeDraft,
  starts: StartEventNode[],
  ctx: ParseContext,
): void {
  if (starts.length !== 1 || starts[0].eventDefinition === null) {
    ctx.error(
      `Event sub-process ${describe(scope.element)} must contain exactly one start event with an event definition`,
      scope.element,
    );
    return;
  }
  const start = starts[0];
  if (start.eventDefinition?.kind === 'error' && !start.isInterrupting) {
    ctx.error(
      `Error start event ${describe(draft.elements.get(start.id))} must be interrupting`,
      draft.elements.get(start.id),
    );
  }
}

function validateLinks(draft: GraphDraft, nodes: FlowNode[], ctx: ParseContext): void {
  const catches = new Map<string, string>();
  for (const node of nodes) {
    if (node.type === 'intermediateCatchEvent' && node.eventDefinition.kind === 'link') {
      const name = node.eventDefinition.name;
      if (catches.has(name))
        ctx.error(`Link catch event name '${name}' is used twice in one scope`, draft.elements.get(node.id));
      catches.set(name, node.id);
    }
  }
  for (const node of nodes) {
    if (
      node.type === 'intermediateThrowEvent' &&
      node.eventDefinition?.kind === 'link' &&
      !catches.has(node.eventDefinition.name)
    ) {
      ctx.error(
        `Link throw event ${describe(draft.elements.get(node.id))} has no matching link catch event named '${node.eventDefinition.name}'`,
        draft.elements.get(node.id),
      );
    }
  }
}

function escalationCode(node: FlowNode): { code: string | null } | null {
  const def = 'eventDefinition' in node ? node.eventDefinition : null;
  return def?.kind === 'escalation' ? { code: def.escalationCode } : null;
}

function validateEscalationCatchers(draft: GraphDraft, nodes: FlowNode[], ctx: ParseContext): void {
  const espStarts = nodes
    .filter((n) => n.type === 'subProcess' && n.triggeredByEvent)
    .flatMap((esp) => draft.scopes.get(esp.id)?.flowNodeIds ?? [])
    .map((id) => draft.nodes.get(id)!)
    .filter((n) => n.type === 'startEvent');
  uniqueEscalationCatchers(draft, espStarts, ['event subprocess', 'event subprocesses'], ctx);
  const byHost = new Map<string, BoundaryEventNode[]>();
  for (const n of nodes)
    if (n.type === 'boundaryEvent') byHost.set(n.attachedToId, [...(byHost.get(n.attachedToId) ?? []), n]);
  for (const boundaries of byHost.values())
    uniqueEscalationCatchers(draft, boundaries, ['boundary event', 'boundary events'], ctx);
}

function uniqueEscalationCatchers(
  draft: GraphDraft,
  catchers: FlowNode[],
  [what, whats]: [string, string],
  ctx: ParseContext,
): void {
  const seen: (string | null)[] = [];
  for (const node of catchers) {
    const code = escalationCode(node)?.code;
    if (code === undefined) continue;
    const el = draft.elements.get(node.id);
    if (code === null && seen.includes(null)) {
      ctx.error(
        `The same scope can not contains more than one escalation ${what} without escalation code (${describe(el)})`,
        el,
      );
    } else if (seen.length && (code === null || seen.includes(null))) {
      ctx.error(
        `The same scope can not contains an escalation ${what} without escalation code and another one with escalation code (${describe(el)})`,
        el,
      );
    } else if (seen.includes(code)) {
      ctx.error(
        `multiple escalation ${whats} with the same escalationCode '${code}' are not supported on same scope (${describe(el)})`,
        el,
      );
    }
    seen.push(code);
  }
}
