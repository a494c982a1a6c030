import { BoundaryEventNode, isActivity } from '../model/flow-node';
import { GraphDraft, incomingOf, outgoingOf } from './graph-draft';
import { describe, ParseContext } from './parse-context';

/**
 * Camunda's rules for compensation and transactions:
 * - a compensation boundary event has no outgoing sequence flow and is associated with one activity marked
 * isForCompensation;
 * - a compensation handler has no incoming or outgoing sequence flows;
 * - a compensate throw's activityRef names an activity of the scope it compensates (its own; around an event
 * sub-process; in a compensation event sub-process either);
 * - a compensation event sub-process (one in an embedded sub-process) is that sub-process's handler;
 * - a cancel end event sits directly in a transaction, a cancel boundary event only on a transaction, at most one per
 * transaction.
 * Returns compensable activity -> handler.
 */
export function validateCompensation(draft: GraphDraft, ctx: ParseContext): Map<string, string> {
  const handlers = new Map<string, string>();
  const cancelBoundaries = new Map<string, string[]>();
  for (const node of draft.nodes.values()) {
    const el = draft.elements.get(node.id)!;
    if (isActivity(node) && node.isForCompensation) {
      if (incomingOf(draft, node.id).length)
        ctx.error(`Invalid incoming sequence flow for compensation activity ${describe(el)}`, el);
      if (outgoingOf(draft, node.id).length)
        ctx.error(`Invalid outgoing sequence flow of compensation activity ${describe(el)}`, el);
      if (node.type === 'subProcess' && node.triggeredByEvent)
        ctx.error(`An event sub-process cannot be a compensation handler ${describe(el)}`, el);
    }
    const def = 'eventDefinition' in node ? node.eventDefinition : null;
    if (node.type === 'boundaryEvent' && def?.kind === 'compensate') {
      if (outgoingOf(draft, node.id).length)
        ctx.error(`Invalid outgoing sequence flow of compensation boundary event ${describe(el)}`, el);
      const handler = compensationHandler(draft, node, ctx);
      if (handler) {
        if (handlers.has(node.attachedToId))
          ctx.error(`Multiple compensation boundary events on activity '${node.attachedToId}' (${describe(el)})`, el);
        handlers.set(node.attachedToId, handler);
      }
    }
    if (
      (node.type === 'intermediateThrowEvent' || node.type === 'endEvent') &&
      def?.kind === 'compensate' &&
      def.activityRef
    ) {
      const target = draft.nodes.get(def.activityRef);
      const scopeId = throwScope(draft, node.scopeId);
      // As Camunda, a throw in an event sub-process may also name an activity of the scope around that sub-process.
      const owner = draft.nodes.get(node.scopeId);
      const around = owner?.type === 'subProcess' && owner.triggeredByEvent ? owner.scopeId : scopeId;
      if (!target || !isActivity(target) || (target.scopeId !== scopeId && target.scopeId !== around)) {
        ctx.error(
          `Invalid attribute value for 'activityRef': no activity with id '${def.activityRef}' in scope '${scopeId}' (${describe(el)})`,
          el,
        );
      }
    }
    if (node.type === 'endEvent' && def?.kind === 'cancel') {
      const scope = draft.nodes.get(node.scopeId);
      if (scope?.type !== 'subProcess' || !scope.isTransaction) {
        ctx.error(
          `End event with cancelEventDefinition only supported inside transaction subprocess ${describe(el)}`,
          el,
        );
      } else if (!(
        draft.nodes.get(scope.id) && [...draft.nodes.values()].some((n) => isCancelBoundaryOn(n, scope.id))
      )) {
        ctx.error(
          `A cancel end event needs a cancel boundary event on its transaction '${scope.id}' to leave by (${describe(el)})`,
          el,
        );
      }
    }
    if (node.type === 'boundaryEvent' && def?.kind === 'cancel') {
      const host = draft.nodes.get(node.attachedToId);
      if (host?.type !== 'subProcess' || !host.isTransaction) {
        ctx.error(
          `Boundary event with cancelEventDefinition only supported on transaction subprocesses ${describe(el)}`,
          el,
        );
      } else {
        cancelBoundaries.set(host.id, [...(cancelBoundaries.get(host.id) ?? []), node.id]);
      }
    }
  }
  for (const scope of draft.scopes.values()) {
    if (scope.kind !== 'eventSubProcess') continue;
    const start = scope.flowNodeIds.map((id) => draft.nodes.get(id)!).find((n) => n.type === 'startEvent');
    if (start?.type !== 'startEvent' || start.eventDefinition?.kind !== 'compensate') continue;
    const el = draft.elements.get(start.id);
    const owner = draft.nodes.get(scope.parentScopeId ?? '');
    if (owner?.type !== 'subProcess' || owner.triggeredByEvent) {
      ctx.error(
        `A compensation start event is only supported in an event sub-process of an embedded sub-process (${describe(el)})`,
        el,
      );
    } else if (handlers.has(owner.id)) {
      ctx.error(
        `Sub-process '${owner.id}' has a compensation boundary event and a compensation event sub-process (${describe(el)})`,
        el,
      );
    } else {
      handlers.set(owner.id, scope.id);
    }
  }
  for (const [transactionId, ids] of cancelBoundaries) {
    if (ids.length > 1) {
      const el = draft.elements.get(ids[1]);
      ctx.error(
        `Multiple boundary events with cancelEventDefinition not supported on same transaction subprocess '${transactionId}' (${describe(el)})`,
        el,
      );
    }
  }
  return handlers;
}

/** A throw in an event sub-process (other than a compensation one) compensates the scope around it. */
function throwScope(draft: GraphDraft, scopeId: string): string {
  const owner = draft.nodes.get(scopeId);
  if (owner?.type !== 'subProcess' || !owner.triggeredByEvent) return scopeId;
  const start = draft.scopes
    .get(scopeId)
    ?.flowNodeIds.map((id) => draft.nodes.get(id))
    .find((n) => n?.type === 'startEvent');
  return start?.type === 'startEvent' && start.eventDefinition?.kind === 'compensate' ? scopeId : owner.scopeId;
}

function isCancelBoundaryOn(
  node: { type: string; attachedToId?: string; eventDefinition?: unknown },
  transactionId: string,
): boolean {
  return (
    node.type === 'boundaryEvent' &&
    node.attachedToId === transactionId &&
    (node.eventDefinition as { kind?: string } | null)?.kind === 'cancel'
  );
}

function compensationHandler(draft: GraphDraft, boundary: BoundaryEventNode, ctx: ParseContext): string | null {
  const el = draft.elements.get(boundary.id);
  const targets = draft.associations.get(boundary.id) ?? [];
  if (targets.length !== 1) {
    ctx.error(
      `Compensation boundary event ${describe(el)} must be associated with exactly one compensation handler (found ${targets.length})`,
      el,
    );
    return null;
  }
  const handler = draft.nodes.get(targets[0]);
  if (!handler || !isActivity(handler) || !handler.isForCompensation) {
    ctx.error(
      `Compensation boundary catch must be connected to element with isForCompensation=true (${describe(el)} -> '${targets[0]}')`,
      el,
    );
    return null;
  }
  return handler.id;
}
