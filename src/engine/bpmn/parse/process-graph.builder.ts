import { FlowNode } from '../model/flow-node';
import { FlowScope, ProcessGraph } from '../model/process-graph';
import { SequenceFlow } from '../model/sequence-flow';
import { parseDocumentation, parseProperties, parseCommonFields } from './common-fields.parser';
import { parseFlowCondition } from './condition.parser';
import { ELEMENT_HANDLERS, IGNORED_FLOW_ELEMENTS } from './element-handlers';
import { validateFlows } from './flow-rules.validator';
import { GraphDraft } from './graph-draft';
import { parseExecutionListeners } from './listener.parser';
import { attr, bool, child, children, localType, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';
import { validateScopes } from './scope-rules.validator';
import { validateCompensation } from './compensation-rules.validator';
import { parseHistoryTimeToLive, splitCommaList } from './text-values';

/** Builds and validates the graph of one executable bpmn:process. Problems go to `ctx`. */
export function buildProcessGraph(process: ModdleElement, ctx: ParseContext): ProcessGraph {
  const key = process.id ?? '';
  if (!key) ctx.error('Process has no id', process);
  const draft: GraphDraft = {
    nodes: new Map(),
    flows: new Map(),
    elements: new Map(),
    scopes: new Map(),
    associations: new Map(),
  };
  parseScope(process, key, 'process', null, draft, ctx);
  validateFlows(draft, ctx);
  validateScopes(draft, ctx);
  const compensationHandlers = validateCompensation(draft, ctx);

  const ttl = parseHistoryTimeToLive(attr(process, 'historyTimeToLive'));
  if (ttl.problem) ctx.error(ttl.problem, process);
  const scopes = finishScopes(draft);
  const initialId = initialStartEventId(scopes.get(key), draft);
  const initial = initialId ? draft.nodes.get(initialId) : undefined;
  const startFormKey = initial?.type === 'startEvent' ? (initial.formKey?.text ?? null) : null;

  const graph: ProcessGraph = {
    key,
    name: attr(process, 'name'),
    isExecutable: bool(process, 'isExecutable', false),
    versionTag: attr(process, 'versionTag'),
    historyTimeToLive: ttl.days,
    candidateStarterGroups: splitCommaList(attr(process, 'candidateStarterGroups')),
    candidateStarterUsers: splitCommaList(attr(process, 'candidateStarterUsers')),
    startFormKey,
    hasStartFormKey: startFormKey !== null,
    isStartableInTasklist: bool(process, 'isStartableInTasklist', true),
    jobPriority: ctx.priority(process, 'jobPriority'),
    taskPriority: ctx.priority(process, 'taskPriority'),
    executionListeners: parseExecutionListeners(process, ctx),
    properties: parseProperties(process),
    documentation: parseDocumentation(process),
    initialId,
    elements: finishNodes(draft),
    sequenceFlows: finishFlows(draft),
    scopes,
    boundaryEventsByActivity: boundaryIndex(draft),
    compensationHandlers,
  };
  return deepFreeze(graph);
}

function parseScope(
  container: ModdleElement,
  scopeId: string,
  kind: FlowScope['kind'],
  parentScopeId: string | null,
  draft: GraphDraft,
  ctx: ParseContext,
): void {
  const scope = {
    id: scopeId,
    kind,
    parentScopeId,
    element: container,
    flowNodeIds: [] as string[],
    sequenceFlowIds: [] as string[],
  };
  draft.scopes.set(scopeId, scope);
  const elements = children(container, 'flowElements');
  for (const el of elements) {
    if (el.$type === 'bpmn:SequenceFlow' || IGNORED_FLOW_ELEMENTS.has(el.$type)) continue;
    if (!el.id) {
      ctx.error(`Element <${el.$type}> in ${describe(container)} has no id`, el);
      continue;
    }
    draft.elements.set(el.id, el);
    const handler = ELEMENT_HANDLERS.get(el.$type);
    if (!handler) {
      ctx.error(`Unsupported element '${localType(el)}' with id '${el.id}'`, el);
      continue;
    }
    const node = handler({ el, common: parseCommonFields(el, scopeId, ctx), ctx, scopeKind: kind });
    if (!node) continue;
    draft.nodes.set(node.id, node);
    scope.flowNodeIds.push(node.id);
    if (node.type === 'subProcess') {
      parseScope(el, node.id, node.triggeredByEvent ? 'eventSubProcess' : 'subProcess', scopeId, draft, ctx);
    }
  }
  for (const el of children(container, 'artifacts')) {
    if (el.$type !== 'bpmn:Association') continue;
    const source = child(el, 'sourceRef')?.id;
    const target = child(el, 'targetRef')?.id;
    if (source && target) draft.associations.set(source, [...(draft.associations.get(source) ?? []), target]);
  }
  for (const el of elements) {
    // every flow has an id here: the parser gives those without one a generated id
    if (el.$type !== 'bpmn:SequenceFlow' || !el.id) continue;
    draft.elements.set(el.id, el);
    draft.flows.set(el.id, {
      id: el.id,
      name: attr(el, 'name'),
      scopeId,
      sourceId: child(el, 'sourceRef')?.id ?? '',
      targetId: child(el, 'targetRef')?.id ?? '',
      ...parseFlowCondition(child(el, 'conditionExpression'), el, ctx),
      executionListeners: parseExecutionListeners(el, ctx, 'take'),
    });
    scope.sequenceFlowIds.push(el.id);
  }
}

function finishNodes(draft: GraphDraft): Map<string, FlowNode> {
  const flows = [...draft.flows.values()];
  const boundaries = boundaryIndex(draft);
  const result = new Map<string, FlowNode>();
  for (const node of draft.nodes.values()) {
    const incoming = flows.filter((f) => f.targetId === node.id).map((f) => f.id);
    const outgoing = flows.filter((f) => f.sourceId === node.id).map((f) => f.id);
    const finished =
      'boundaryEventIds' in node
        ? { ...node, incoming, outgoing, boundaryEventIds: boundaries.get(node.id) ?? [] }
        : { ...node, incoming, outgoing };
    result.set(node.id, finished as FlowNode);
  }
  return result;
}

function finishFlows(draft: GraphDraft): Map<string, SequenceFlow> {
  const result = new Map<string, SequenceFlow>();
  for (const flow of draft.flows.values()) {
    const source = draft.nodes.get(flow.sourceId);
    const isDefault = !!source && 'defaultFlowId' in source && source.defaultFlowId === flow.id;
    result.set(flow.id, { ...flow, isDefault });
  }
  return result;
}

/**
 * Where a plain start (REST, call activity) begins, as Camunda chooses it: the none start event, else the
 * timer start event, else the only start event whatever its kind (a process whose one start event is a
 * message, signal or conditional start event is started there as if it had fired).
 */
function initialStartEventId(scope: FlowScope | undefined, draft: GraphDraft): string | null {
  if (!scope) return null;
  if (scope.noneStartEventId) return scope.noneStartEventId;
  const starts = scope.startEventIds.map((id) => draft.nodes.get(id)!);
  const timers = starts.filter((s) => s.type === 'startEvent' && s.eventDefinition?.kind === 'timer');
  if (timers.length === 1) return timers[0].id;
  return starts.length === 1 ? starts[0].id : null;
}

function finishScopes(draft: GraphDraft): Map<string, FlowScope> {
  const result = new Map<string, FlowScope>();
  for (const scope of draft.scopes.values()) {
    const nodes = scope.flowNodeIds.map((id) => draft.nodes.get(id)!);
    const starts = nodes.filter((n) => n.type === 'startEvent');
    result.set(scope.id, {
      id: scope.id,
      kind: scope.kind,
      parentScopeId: scope.parentScopeId,
      flowNodeIds: scope.flowNodeIds,
      sequenceFlowIds: scope.sequenceFlowIds,
      noneStartEventId: starts.find((s) => s.type === 'startEvent' && s.eventDefinition === null)?.id ?? null,
      startEventIds: starts.map((s) => s.id),
      eventSubProcessIds: nodes.filter((n) => n.type === 'subProcess' && n.triggeredByEvent).map((n) => n.id),
    });
  }
  return result;
}

function boundaryIndex(draft: GraphDraft): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const node of draft.nodes.values()) {
    if (node.type !== 'boundaryEvent') continue;
    index.set(node.attachedToId, [...(index.get(node.attachedToId) ?? []), node.id]);
  }
  return index;
}

/** Freezes plain objects and arrays all the way down; maps stay read-only by type. */
function deepFreeze<T>(value: T): T {
  if (value instanceof Map) {
    for (const v of value.values()) deepFreeze(v);
  } else if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
