import { BoundaryEventNode, EventDefinition, FlowNode, ProcessGraph, StartEventNode } from '../../model';

/** Event definitions an execution can wait for (errors are thrown and caught in one go, never awaited). */
export type WaitingDefinition = Extract<EventDefinition, { kind: 'message' | 'signal' | 'timer' | 'conditional' }>;

export function waitingDefinition(node: FlowNode | undefined): WaitingDefinition | null {
  if (!node) return null;
  if (node.type === 'receiveTask') return node.message;
  if (!('eventDefinition' in node) || !node.eventDefinition) return null;
  const def = node.eventDefinition;
  return def.kind === 'message' || def.kind === 'signal' || def.kind === 'timer' || def.kind === 'conditional'
    ? def
    : null;
}

/** Boundary events of an activity that wait (every kind but error). */
export function waitingBoundaryEvents(graph: ProcessGraph, node: FlowNode): BoundaryEventNode[] {
  if (!('boundaryEventIds' in node)) return [];
  return node.boundaryEventIds
    .map((id) => graph.elements.get(id))
    .filter((n): n is BoundaryEventNode => n?.type === 'boundaryEvent' && waitingDefinition(n) != null);
}

/** Start events of the event sub-processes directly inside a scope that wait (every kind but error). */
export function waitingEventSubProcessStarts(graph: ProcessGraph, scopeId: string): StartEventNode[] {
  const out: StartEventNode[] = [];
  for (const espId of graph.scopes.get(scopeId)?.eventSubProcessIds ?? []) {
    for (const id of graph.scopes.get(espId)?.startEventIds ?? []) {
      const node = graph.elements.get(id);
      if (node?.type === 'startEvent' && waitingDefinition(node)) out.push(node);
    }
  }
  return out;
}

/** The catch events (or receive tasks) an event-based gateway waits for, with the flow leading to each. */
export function gatewayTargets(graph: ProcessGraph, gateway: FlowNode): { flowId: string; node: FlowNode }[] {
  return gateway.outgoing
    .map((flowId) => ({ flowId, node: graph.elements.get(graph.sequenceFlows.get(flowId)?.targetId ?? '') }))
    .filter((t): t is { flowId: string; node: FlowNode } => t.node != null);
}

interface GraphEventInfo {
  /** Some execution of this process may own subscriptions or jobs. */
  waits: boolean;
  conditionals: boolean;
  /** Some execution of this process may own jobs (timers, async continuations, timeout listeners). */
  jobs: boolean;
}

const infos = new WeakMap<ProcessGraph, GraphEventInfo>();

/** Computed once per (immutable) graph, so processes without events pay nothing for them. */
export function graphEventInfo(graph: ProcessGraph): GraphEventInfo {
  let info = infos.get(graph);
  if (!info) {
    // compensate subscriptions hang on scope executions and go with them
    let waits = graph.compensationHandlers.size > 0;
    let conditionals = false;
    let jobs = false;
    for (const node of graph.elements.values()) {
      const def = waitingDefinition(node);
      const isProcessStart = node.type === 'startEvent' && graph.scopes.get(node.scopeId)?.kind === 'process';
      if (def && !isProcessStart) waits = true;
      if (def?.kind === 'conditional' && !isProcessStart) conditionals = true;
      if (node.type === 'eventBasedGateway' || node.async.asyncBefore || node.async.asyncAfter) waits = true;
      const asyncBody =
        'multiInstance' in node &&
        node.multiInstance &&
        (node.multiInstance.async.asyncBefore || node.multiInstance.async.asyncAfter);
      if (asyncBody) waits = true;
      const timeoutListeners = node.type === 'userTask' && node.userTask.taskListeners.some((l) => l.timer);
      if (
        (def?.kind === 'timer' && !isProcessStart) ||
        node.async.asyncBefore ||
        node.async.asyncAfter ||
        asyncBody ||
        timeoutListeners
      )
        jobs = true;
    }
    infos.set(graph, (info = { waits, conditionals, jobs }));
  }
  return info;
}
