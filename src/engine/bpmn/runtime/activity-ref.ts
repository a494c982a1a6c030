import { FlowNode, ProcessGraph } from '../model';

export const MULTI_INSTANCE_BODY_SUFFIX = '#multiInstanceBody';

/**
 * What an execution's activityId points at: a flow node, or the multi-instance body that wraps one
 * (`<id>#multiInstanceBody`, as Camunda names it). The body is an activity of its own at runtime:
 * it has an activity instance, a scope execution and history, but no node in the graph.
 */
export interface ActivityRef {
  readonly id: string;
  readonly node: FlowNode;
  readonly isBody: boolean;
  readonly activityType: string;
}

export function nodeRef(node: FlowNode): ActivityRef {
  return { id: node.id, node, isBody: false, activityType: node.activityType };
}

export function bodyRef(node: FlowNode): ActivityRef {
  const bodyId = multiInstanceOf(node)?.bodyId ?? `${node.id}${MULTI_INSTANCE_BODY_SUFFIX}`;
  return { id: bodyId, node, isBody: true, activityType: 'multiInstanceBody' };
}

export function resolveActivity(graph: ProcessGraph, activityId: string | null): ActivityRef | null {
  if (!activityId) return null;
  const direct = graph.elements.get(activityId);
  if (direct) return nodeRef(direct);
  if (activityId.endsWith(MULTI_INSTANCE_BODY_SUFFIX)) {
    const inner = graph.elements.get(activityId.slice(0, -MULTI_INSTANCE_BODY_SUFFIX.length));
    if (inner && multiInstanceOf(inner)) return bodyRef(inner);
  }
  return null;
}

export function multiInstanceOf(node: FlowNode) {
  return 'multiInstance' in node ? node.multiInstance : null;
}

/** The activity runs inside an instance of a multi-instance body. */
export function isMultiInstanceInner(ref: ActivityRef): boolean {
  return !ref.isBody && multiInstanceOf(ref.node) != null;
}

/**
 * Activities that get an execution of their own: sub-processes, activities with boundary events or
 * an input/output mapping (their local variables must not leak), multi-instance bodies and instances.
 */
export function needsScope(ref: ActivityRef): boolean {
  if (ref.isBody || isMultiInstanceInner(ref)) return true;
  const node = ref.node;
  if (node.type === 'subProcess') return true;
  if ('boundaryEventIds' in node && node.boundaryEventIds.length > 0) return true;
  const io = node.ioMapping;
  return io != null && (io.inputs.length > 0 || io.outputs.length > 0);
}
