/** Camunda's UserOperationLogEntry categories. */
export const OPERATION_CATEGORY = { operator: 'Operator', taskWorker: 'TaskWorker', admin: 'Admin' } as const;

export type OperationCategory = (typeof OPERATION_CATEGORY)[keyof typeof OPERATION_CATEGORY];

/** One changed property of an operation (Camunda's PropertyChange); no property at all is Camunda's empty change. */
export interface PropertyChange {
  property: string | null;
  orgValue?: unknown;
  newValue?: unknown;
}

/**
 * An operation a user did, with the entities it applies to as restrictions (Camunda's UserOperationLogContext):
 * a null id is a wildcard, so an operation on all instances of a definition names the definition only.
 */
export interface UserOperation {
  operationType: string;
  entityType: string;
  category: OperationCategory;
  changes?: PropertyChange[];
  deploymentId?: string | null;
  processDefinitionId?: string | null;
  processDefinitionKey?: string | null;
  rootProcessInstanceId?: string | null;
  processInstanceId?: string | null;
  executionId?: string | null;
  taskId?: string | null;
  jobId?: string | null;
  jobDefinitionId?: string | null;
  batchId?: string | null;
  externalTaskId?: string | null;
  tenantId?: string | null;
  annotation?: string | null;
}

/** What an operation on one process instance is restricted to (the instance, its definition and root). */
export function inInstance(instance: {
  id: string;
  root: { rootProcessInstanceId: string | null; tenantId: string | null };
  definition: { id: string; key: string };
}): Pick<
  UserOperation,
  'processInstanceId' | 'processDefinitionId' | 'processDefinitionKey' | 'rootProcessInstanceId' | 'tenantId'
> {
  return {
    processInstanceId: instance.id,
    processDefinitionId: instance.definition.id,
    processDefinitionKey: instance.definition.key,
    rootProcessInstanceId: instance.root.rootProcessInstanceId ?? instance.id,
    tenantId: instance.root.tenantId,
  };
}
