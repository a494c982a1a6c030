import { FlowNode } from '../model/flow-node';
import { FlowScope } from '../model/process-graph';
import { SequenceFlow } from '../model/sequence-flow';
import { ModdleElement } from './moddle-element';

export interface ScopeDraft {
  readonly id: string;
  readonly kind: FlowScope['kind'];
  readonly parentScopeId: string | null;
  readonly element: ModdleElement;
  readonly flowNodeIds: string[];
  readonly sequenceFlowIds: string[];
}

/** The graph while it is built: handler output plus the moddle elements, for locating problems. */
export interface GraphDraft {
  readonly nodes: Map<string, FlowNode>;
  readonly flows: Map<string, Omit<SequenceFlow, 'isDefault'>>;
  readonly elements: Map<string, ModdleElement>;
  readonly scopes: Map<string, ScopeDraft>;
  /** bpmn:association source id -> target ids (compensation boundary events name their handler this way). */
  readonly associations: Map<string, string[]>;
}

export function outgoingOf(draft: GraphDraft, nodeId: string): Omit<SequenceFlow, 'isDefault'>[] {
  return [...draft.flows.values()].filter((f) => f.sourceId === nodeId);
}

export function incomingOf(draft: GraphDraft, nodeId: string): Omit<SequenceFlow, 'isDefault'>[] {
  return [...draft.flows.values()].filter((f) => f.targetId === nodeId);
}
