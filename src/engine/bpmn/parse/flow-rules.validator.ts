import { FlowNodeType, isActivity } from '../model/flow-node';
import { GraphDraft, incomingOf, outgoingOf } from './graph-draft';
import { describe, ParseContext } from './parse-context';

/** Where an escalation can come from: a sub-process, a called instance, or a user task (TaskService in Camunda). */
const ESCALATION_HOSTS: ReadonlySet<FlowNodeType> = new Set(['subProcess', 'callActivity', 'userTask']);

/**
 * Rules about sequence flows and attachments: both ends inside the flow's own scope, boundary
 * events on activities of their scope, default flows leaving their node, event-based gateways
 * leading only to catch events, event sub-processes without flows, ids on flows leaving asyncAfter.
 */
export function validateFlows(draft: GraphDraft, ctx: ParseContext): void {
  const broken = new Set<string>();
  for (const flow of draft.flows.values()) {
    const el = draft.elements.get(flow.id)!;
    const errorsBefore = ctx.errors.length;
    validateEnds(draft, flow.id, ctx);
    if (ctx.hasErrorFor(el) || ctx.errors.length > errorsBefore) broken.add(flow.id);
  }
  // node rules look at the flows that are valid, so one mistake is reported once
  const incoming = (id: string) => incomingOf(draft, id).filter((f) => !broken.has(f.id));
  const outgoing = (id: string) => outgoingOf(draft, id).filter((f) => !broken.has(f.id));

  for (const node of draft.nodes.values()) {
    const el = draft.elements.get(node.id)!;
    // the asyncAfter job names the flows to take by id, so Camunda wants real ones there
    if (node.async.asyncAfter && outgoing(node.id).some((f) => ctx.generatedFlowIds.has(f.id))) {
      ctx.error(
        `Sequence flow with sourceRef='${node.id}' must have an id, activity with id '${node.id}' uses 'asyncAfter'.`,
        el,
      );
    }
    if (node.type === 'boundaryEvent') {
      const host = draft.nodes.get(node.attachedToId);
      if (!host || !isActivity(host) || host.scopeId !== node.scopeId) {
        ctx.error(
          `Boundary event ${describe(el)} must be attached to an activity of the same scope, not '${node.attachedToId}'`,
          el,
        );
      } else if (host.type === 'subProcess' && host.triggeredByEvent) {
        ctx.error(`Boundary event ${describe(el)} cannot be attached to event sub-process '${host.id}'`, el);
      } else if (node.eventDefinition.kind === 'escalation' && !ESCALATION_HOSTS.has(host.type)) {
        ctx.error(
          `An escalation boundary event should only be attached to a subprocess, a call activity or an user task (${describe(el)})`,
          el,
        );
      }
      if (incoming(node.id).length) ctx.error(`Boundary event ${describe(el)} cannot have incoming sequence flows`, el);
    }
    if (node.type === 'startEvent' && incoming(node.id).length) {
      ctx.error(`Start event ${describe(el)} cannot have incoming sequence flows`, el);
    }
    if (node.type === 'subProcess' && node.triggeredByEvent) {
      if (incoming(node.id).length) ctx.error(`Invalid incoming sequence flow of event subprocess ${describe(el)}`, el);
      if (outgoing(node.id).length) ctx.error(`Invalid outgoing sequence flow of event subprocess ${describe(el)}`, el);
    }
    if ('defaultFlowId' in node && node.defaultFlowId !== null) {
      const flow = draft.flows.get(node.defaultFlowId);
      if (!flow || flow.sourceId !== node.id) {
        ctx.error(
          `Default sequence flow '${node.defaultFlowId}' of ${describe(el)} is not one of its outgoing sequence flows`,
          el,
        );
      }
    }
    if (node.type === 'exclusiveGateway') warnUnconditionalFlows(draft, node.id, node.defaultFlowId, ctx);
    if (node.type === 'eventBasedGateway') validateEventBasedGateway(draft, node.id, ctx);
  }
}

function validateEnds(draft: GraphDraft, flowId: string, ctx: ParseContext): void {
  const flow = draft.flows.get(flowId)!;
  const el = draft.elements.get(flowId)!;
  if (ctx.hasErrorFor(el)) return;
  // an end that was rejected itself already has its error; a second one on the flow adds nothing
  const rejected = (id: string) => !draft.nodes.has(id) && draft.elements.has(id);
  const source = draft.nodes.get(flow.sourceId);
  const target = draft.nodes.get(flow.targetId);
  if (!rejected(flow.sourceId) && (!source || source.scopeId !== flow.scopeId)) {
    ctx.error(`Invalid source '${flow.sourceId}' of sequence flow '${flow.id}'`, el);
  }
  if (!rejected(flow.targetId) && (!target || target.scopeId !== flow.scopeId)) {
    ctx.error(`Invalid destination '${flow.targetId}' of sequence flow '${flow.id}'`, el);
  }
}

function warnUnconditionalFlows(
  draft: GraphDraft,
  gatewayId: string,
  defaultFlowId: string | null,
  ctx: ParseContext,
): void {
  const outgoing = outgoingOf(draft, gatewayId);
  if (outgoing.length < 2) return;
  for (const flow of outgoing) {
    if (
      flow.condition === null &&
      flow.conditionScript === null &&
      flow.id !== defaultFlowId &&
      !ctx.hasErrorFor(draft.elements.get(flow.id))
    ) {
      ctx.warning(
        `Exclusive Gateway '${gatewayId}' has outgoing sequence flow '${flow.id}' without condition which is not the default flow.`,
        draft.elements.get(gatewayId),
      );
    }
  }
}

function validateEventBasedGateway(draft: GraphDraft, gatewayId: string, ctx: ParseContext): void {
  const gateway = draft.elements.get(gatewayId)!;
  for (const flow of outgoingOf(draft, gatewayId)) {
    const target = draft.nodes.get(flow.targetId);
    if (flow.condition || flow.conditionScript)
      ctx.error(
        `Event based gateway ${describe(gateway)} cannot have conditional outgoing sequence flows ('${flow.id}')`,
        gateway,
      );
    if (!target) continue;
    if (target.type !== 'intermediateCatchEvent' || target.eventDefinition.kind === 'link') {
      ctx.error(
        `Event based gateway can only be connected to elements of type intermediateCatchEvent (${describe(gateway)} -> '${target.id}')`,
        gateway,
      );
    } else if (incomingOf(draft, target.id).length > 1) {
      ctx.error(
        `Invalid incoming sequence flow for intermediateCatchEvent with id '${target.id}' connected to an event-based gateway.`,
        draft.elements.get(target.id),
      );
    }
  }
}
