import type { CompiledExpression } from '../../expression';
import type { CamundaProperty, ExecutionListenerConfig } from './element-config';
import type { FlowNode } from './flow-node';
import type { SequenceFlow } from './sequence-flow';

/** A process or (event) sub-process: where executions of its children live. */
export interface FlowScope {
  /** The process key, or the sub-process id. */
  readonly id: string;
  readonly kind: 'process' | 'subProcess' | 'eventSubProcess';
  readonly parentScopeId: string | null;
  /** Direct children, in document order (nested sub-processes count, their contents do not). */
  readonly flowNodeIds: readonly string[];
  readonly sequenceFlowIds: readonly string[];
  /** Where a plain start of this scope begins; null for a process started only by events. */
  readonly noneStartEventId: string | null;
  /** Every start event of this scope (event sub-process starts belong to the event sub-process). */
  readonly startEventIds: readonly string[];
  readonly eventSubProcessIds: readonly string[];
}

/**
 * One executable process, parsed and validated, immutable (objects are frozen; the maps are
 * read-only by type). Everything the runtime needs to run it without going back to the XML.
 */
export interface ProcessGraph {
  readonly key: string;
  readonly name: string | null;
  readonly isExecutable: boolean;
  readonly versionTag: string | null;
  /** camunda:historyTimeToLive in days ("P30D" and "30" are both 30). */
  readonly historyTimeToLive: number | null;
  readonly candidateStarterGroups: readonly string[];
  readonly candidateStarterUsers: readonly string[];
  /** camunda:formKey on the process's none start event. */
  readonly startFormKey: string | null;
  readonly hasStartFormKey: boolean;
  readonly isStartableInTasklist: boolean;
  readonly jobPriority: CompiledExpression | null;
  /** Default priority of the process's external tasks (camunda:taskPriority on the process). */
  readonly taskPriority: CompiledExpression | null;
  readonly executionListeners: readonly ExecutionListenerConfig[];
  readonly properties: readonly CamundaProperty[];
  readonly documentation: string | null;

  /** The process's none start event, where `startProcessInstance` begins. */
  readonly initialId: string | null;
  readonly elements: ReadonlyMap<string, FlowNode>;
  readonly sequenceFlows: ReadonlyMap<string, SequenceFlow>;
  /** The process itself (under its key) and every sub-process. */
  readonly scopes: ReadonlyMap<string, FlowScope>;
  readonly boundaryEventsByActivity: ReadonlyMap<string, readonly string[]>;
  /** Compensable activity id -> its compensation handler (the activity its compensation boundary event is associated with). */
  readonly compensationHandlers: ReadonlyMap<string, string>;
}
