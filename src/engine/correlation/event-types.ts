import { ProcessInstanceInfo } from '../instances/runtime-types';
import { VariableMap } from '../variables/typed-value';

/** runtimeService.createMessageCorrelation(...) as one request (POST /message). */
export interface MessageCorrelationRequest {
  messageName: string;
  businessKey?: string | null;
  processInstanceId?: string | null;
  /** Process instance variables that must have these values. */
  correlationKeys?: VariableMap | null;
  /** Variables local to the waiting execution that must have these values. */
  localCorrelationKeys?: VariableMap | null;
  tenantId?: string | null;
  withoutTenantId?: boolean;
  /** Every match instead of exactly one. */
  all?: boolean;
  processVariables?: VariableMap | null;
  processVariablesLocal?: VariableMap | null;
  /** Return the variables of each correlated execution or started instance. */
  variablesInResult?: boolean;
}

export interface CorrelatedExecution {
  id: string;
  processInstanceId: string;
  ended: boolean;
  tenantId: string | null;
}

export interface MessageCorrelationResult {
  resultType: 'Execution' | 'ProcessDefinition';
  execution: CorrelatedExecution | null;
  processInstance: ProcessInstanceInfo | null;
  variables?: VariableMap;
}

/** runtimeService.createSignalEvent(...) (POST /signal). */
export interface SignalRequest {
  name: string;
  variables?: VariableMap | null;
  executionId?: string | null;
  tenantId?: string | null;
  withoutTenantId?: boolean;
}

/** runtimeService.createConditionEvaluation() (POST /condition). */
export interface ConditionEvaluationRequest {
  variables?: VariableMap | null;
  businessKey?: string | null;
  tenantId?: string | null;
  withoutTenantId?: boolean;
  processDefinitionId?: string | null;
}
