import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { VariableMap } from '../variables/typed-value';
import type { ModificationInstruction } from '../bpmn/runtime/modification/instance-modification';

/** A started (or looked-up) process instance, shaped like Camunda's ProcessInstanceDto. */
export interface ProcessInstanceInfo {
  id: string;
  definitionId: string;
  definitionKey: string;
  businessKey: string | null;
  caseInstanceId: null;
  ended: boolean;
  suspended: boolean;
  tenantId: string | null;
  /** Only with `withVariablesInReturn`: the instance's variables after the command. */
  variables?: VariableMap;
}

export interface StartProcessInstanceRequest {
  /** The definition to start; otherwise the latest by `key` (and `tenantId`, null: without tenant). */
  definition?: ProcessDefinitionEntity;
  key?: string;
  tenantId?: string | null;
  /**
   * By key: the caller must also hold READ on the definition, as when it was found through a definition query
   * (Camunda's REST start by key); one transaction then both looks it up and starts it.
   */
  readDefinition?: boolean;
  businessKey?: string | null;
  variables?: VariableMap | null;
  withVariablesInReturn?: boolean;
  /** Where the instance begins instead of its start event (no cancellations among them). */
  startInstructions?: ModificationInstruction[];
  skipCustomListeners?: boolean;
  skipIoMappings?: boolean;
}

export interface DeleteProcessInstanceOptions {
  skipCustomListeners?: boolean;
  /** Accepted for Camunda compatibility: output mappings never run when activities are canceled. */
  skipIoMappings?: boolean;
  /** Instances called by the deleted one stay (without their caller). */
  skipSubprocesses?: boolean;
  reason?: string | null;
}

export interface VariableScopeOptions {
  /** Only the scope's own variables (reads), or write to / remove from the given scope itself. */
  local?: boolean;
}

export interface VariableReadOptions extends VariableScopeOptions {
  names?: string[] | null;
}

/** Camunda's operation types for variable changes: one put, one delete, or a modification of several (the default). */
export type VariableOperation = 'SetVariable' | 'RemoveVariable' | 'ModifyVariable';

export interface VariableModification {
  modifications?: VariableMap | null;
  deletions?: string[] | null;
  operation?: VariableOperation;
}

/** One node of a running instance's activity instance tree (the root stands for the process definition). */
export type { ActivityInstanceNode, TransitionInstanceNode } from '../bpmn/runtime/activity-instances';

/** A user or group in some relation to a task (Camunda's IdentityLink); assignee and owner included. */
export interface TaskIdentityLink {
  userId: string | null;
  groupId: string | null;
  type: string | null;
}

/** What a caller may set on a task (Camunda's TaskDto.updateTask): every field, absent ones become null (priority 0). */
export interface TaskProperties {
  name: string | null;
  description: string | null;
  priority: number;
  assignee: string | null;
  owner: string | null;
  delegationState: 'PENDING' | 'RESOLVED' | null;
  dueDate: Date | null;
  followUpDate: Date | null;
  parentTaskId: string | null;
  tenantId: string | null;
}

/** A comment on a task (Camunda's Comment); `message` is the full text. */
/** Camunda's Attachment; `hasContent` says whether bytes were uploaded (a link has none). */
export interface TaskAttachment {
  id: string;
  name: string | null;
  description: string | null;
  taskId: string | null;
  type: string | null;
  url: string | null;
  createTime: Date | null;
  removalTime: Date | null;
  rootProcessInstanceId: string | null;
  hasContent: boolean;
}

export interface TaskComment {
  id: string;
  userId: string | null;
  taskId: string | null;
  processInstanceId: string | null;
  rootProcessInstanceId: string | null;
  time: Date;
  message: string | null;
  removalTime: Date | null;
}
