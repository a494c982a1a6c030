import { ExpressionExecution, HOST_OBJECT, HostObject, Lookup } from './expression-context';

const found = (value: unknown): Lookup => ({ found: true, value: value ?? null });
const NOT_FOUND: Lookup = { found: false };

/** Bean properties of DelegateExecution that Camunda models read as `execution.x`. */
const PROPERTIES: Record<string, (e: ExpressionExecution) => unknown> = {
  id: (e) => e.id,
  processInstanceId: (e) => e.processInstanceId,
  processBusinessKey: (e) => e.processBusinessKey,
  businessKey: (e) => e.processBusinessKey,
  processDefinitionId: (e) => e.processDefinitionId,
  currentActivityId: (e) => e.currentActivityId,
  activityId: (e) => e.currentActivityId,
  currentActivityName: (e) => e.currentActivityName,
  activityInstanceId: (e) => e.activityInstanceId,
  parentId: (e) => e.parentId,
  tenantId: (e) => e.tenantId,
  eventName: (e) => e.eventName,
};

const GETTERS: Record<string, string> = {
  getId: 'id',
  getProcessInstanceId: 'processInstanceId',
  getProcessBusinessKey: 'processBusinessKey',
  getBusinessKey: 'businessKey',
  getProcessDefinitionId: 'processDefinitionId',
  getCurrentActivityId: 'currentActivityId',
  getActivityId: 'activityId',
  getCurrentActivityName: 'currentActivityName',
  getActivityInstanceId: 'activityInstanceId',
  getParentId: 'parentId',
  getTenantId: 'tenantId',
  getEventName: 'eventName',
};

/**
 * `execution` inside an expression: the listed properties, their getters and the variable
 * methods the caller's execution implements. Everything else is an unknown property or method.
 */
export function executionHostObject(execution: ExpressionExecution): HostObject {
  return {
    [HOST_OBJECT]: true,
    className: 'class org.camunda.bpm.engine.impl.persistence.entity.ExecutionEntity',
    target: execution,
    property(name) {
      if (Object.hasOwn(PROPERTIES, name)) return found(PROPERTIES[name](execution));
      if (name === 'variables' && execution.getVariables) return found(execution.getVariables());
      if (name === 'variablesLocal' && execution.getVariablesLocal) return found(execution.getVariablesLocal());
      return NOT_FOUND;
    },
    invoke(method, args) {
      if (Object.hasOwn(GETTERS, method)) return args.length === 0 ? this.property(GETTERS[method]) : NOT_FOUND;
      const name = typeof args[0] === 'string' ? args[0] : null;
      switch (`${method}/${args.length}`) {
        case 'getVariable/1':
          return name === null ? NOT_FOUND : found(execution.getVariable(name));
        case 'getVariableLocal/1':
          return name === null || !execution.getVariableLocal ? NOT_FOUND : found(execution.getVariableLocal(name));
        case 'hasVariable/1':
          return name === null || !execution.hasVariable ? NOT_FOUND : found(execution.hasVariable(name));
        case 'hasVariableLocal/1':
          return name === null || !execution.hasVariableLocal ? NOT_FOUND : found(execution.hasVariableLocal(name));
        case 'getVariables/0':
          return execution.getVariables ? found(execution.getVariables()) : NOT_FOUND;
        case 'getVariablesLocal/0':
          return execution.getVariablesLocal ? found(execution.getVariablesLocal()) : NOT_FOUND;
        case 'setVariable/2':
          if (name === null || !execution.setVariable) return NOT_FOUND;
          execution.setVariable(name, args[1]);
          return found(null);
        case 'setVariableLocal/2':
          if (name === null || !execution.setVariableLocal) return NOT_FOUND;
          execution.setVariableLocal(name, args[1]);
          return found(null);
        case 'removeVariable/1':
          if (name === null || !execution.removeVariable) return NOT_FOUND;
          execution.removeVariable(name);
          return found(null);
        case 'removeVariableLocal/1':
          if (name === null || !execution.removeVariableLocal) return NOT_FOUND;
          execution.removeVariableLocal(name);
          return found(null);
        default:
          return NOT_FOUND;
      }
    },
  };
}
