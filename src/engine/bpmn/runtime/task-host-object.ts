import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { executionHostObject, ExpressionExecution, HOST_OBJECT, HostObject, Lookup } from '../../expression';
import { TaskManager } from '../../entities/task.manager';
import { BadUserRequestError, ModelDataError } from '../../errors';
import { plainValue, untypedValue } from '../../variables/typed-value';
import { expressionExecution } from './expression-scope';
import { ProcessInstanceState } from './process-instance-state';
import type { RuntimeContext } from './runtime-context';
import { VariableStore } from './variable-store';

export type TaskEvent = 'create' | 'assignment' | 'update' | 'complete' | 'delete' | 'timeout';

/**
 * What listeners did to the task while an event ran: an assignee change fires `assignment` after `create`
 * and `update`; `complete()` completes the task once the listener is done.
 */
export interface TaskChanges {
  assignee: boolean;
  completed: boolean;
}

const found = (value: unknown): Lookup => ({ found: true, value: value ?? null });
const NOT_FOUND: Lookup = { found: false };

function dateOf(value: unknown, what: string): Date | null {
  if (value == null) return null;
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new ModelDataError(`${what} does not resolve to a date: ${String(value)}`);
  return date;
}

/** Sets a task's assignee or owner as the task service would: default grants, and the assignee in the activity history. */
export function changeTaskUser(
  ctx: RuntimeContext,
  task: TaskEntity,
  field: 'assignee' | 'owner',
  userId: string | null,
): boolean {
  if (task[field] === userId) return false;
  task[field] = userId;
  task.lastUpdated = ctx.now();
  ctx.manager(TaskManager).grantTaskDefaults(task.id, userId);
  if (field === 'assignee' && task.activityInstanceId)
    ctx.history.activityUpdated(task.activityInstanceId, { assignee: userId });
  return true;
}

/** `task` in a task listener's expression: the members of Camunda's DelegateTask that make sense here, listed by hand. */
export function taskHostObject(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  event: TaskEvent,
  changes: TaskChanges,
): HostObject {
  const vars = ctx.manager(VariableStore);
  const execution = () => (task.executionId ? (instance.get(task.executionId) ?? null) : null);
  const properties: Record<string, () => unknown> = {
    id: () => task.id,
    name: () => task.name,
    description: () => task.description,
    assignee: () => task.assignee,
    owner: () => task.owner,
    priority: () => task.priority,
    dueDate: () => task.dueDate,
    followUpDate: () => task.followUpDate,
    createTime: () => task.createTime,
    lastUpdated: () => task.lastUpdated,
    taskDefinitionKey: () => task.taskDefinitionKey,
    eventName: () => event,
    executionId: () => task.executionId,
    processInstanceId: () => task.processInstanceId,
    processDefinitionId: () => task.processDefinitionId,
    tenantId: () => task.tenantId,
    formKey: () => task.formKey,
    delegationState: () => task.delegationState,
    deleteReason: () => (event === 'complete' ? 'completed' : event === 'delete' ? 'deleted' : null),
    variables: () =>
      Object.fromEntries(Object.entries(vars.visibleForTask(instance, task)).map(([k, v]) => [k, plainValue(v)])),
    variablesLocal: () =>
      Object.fromEntries(Object.entries(vars.localForTask(instance, task)).map(([k, v]) => [k, plainValue(v)])),
    execution: () => {
      const e = execution();
      return e ? expressionExecution(ctx, e, event) : null;
    },
  };
  const touch = () => {
    task.lastUpdated = ctx.now();
    ctx.touch(instance);
  };
  const candidate = (id: unknown, kind: 'userId' | 'groupId') => {
    if (id == null) throw new BadUserRequestError(`The candidate's ${kind} is null`, 'NullValueException');
    return kind === 'userId' ? { userId: String(id), groupId: null } : { userId: null, groupId: String(id) };
  };
  const setters: Record<string, (value: unknown) => void> = {
    setAssignee: (v) => {
      if (changeTaskUser(ctx, task, 'assignee', v == null ? null : String(v))) changes.assignee = true;
    },
    setOwner: (v) => void changeTaskUser(ctx, task, 'owner', v == null ? null : String(v)),
    setName: (v) => ((task.name = v == null ? null : String(v)), touch()),
    setDescription: (v) => ((task.description = v == null ? null : String(v)), touch()),
    setPriority: (v) => {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n)) throw new ModelDataError(`Priority does not resolve to a number: ${String(v)}`);
      task.priority = n;
      touch();
    },
    setDueDate: (v) => ((task.dueDate = dateOf(v, 'Due date')), touch()),
    setFollowUpDate: (v) => ((task.followUpDate = dateOf(v, 'Follow up date')), touch()),
    addCandidateUser: (v) => ctx.manager(TaskManager).addCandidate(task, candidate(v, 'userId')),
    addCandidateGroup: (v) => ctx.manager(TaskManager).addCandidate(task, candidate(v, 'groupId')),
    deleteCandidateUser: (v) => ctx.manager(TaskManager).deleteCandidate(task, candidate(v, 'userId')),
    deleteCandidateGroup: (v) => ctx.manager(TaskManager).deleteCandidate(task, candidate(v, 'groupId')),
  };
  // Camunda's TaskEntity.complete(): not from complete or delete listeners, and only once.
  const complete = () => {
    if (changes.completed || event === 'complete' || event === 'delete') {
      throw new BadUserRequestError(
        "ENGINE-03051 There was an exception while invoking the TaskListener. Message: 'invalid task state'",
        'ProcessEngineException',
      );
    }
    changes.completed = true;
  };
  return {
    [HOST_OBJECT]: true,
    className: 'class org.camunda.bpm.engine.impl.persistence.entity.TaskEntity',
    property(name) {
      if (!Object.hasOwn(properties, name)) return NOT_FOUND;
      const value = properties[name]();
      return name === 'execution' && value ? found(executionHostObject(value as ExpressionExecution)) : found(value);
    },
    invoke(method, args) {
      if (method.startsWith('get') && method.length > 3 && args.length === 0) {
        const prop = method[3].toLowerCase() + method.slice(4);
        if (Object.hasOwn(properties, prop)) return this.property(prop);
      }
      if (Object.hasOwn(setters, method) && args.length === 1) {
        setters[method](args[0]);
        return found(null);
      }
      if (method === 'complete' && args.length === 0) {
        complete();
        return found(null);
      }
      const name = typeof args[0] === 'string' ? args[0] : null;
      if (name === null) return NOT_FOUND;
      switch (`${method}/${args.length}`) {
        case 'getVariable/1':
          return found(plainOrNull(vars.getForTask(instance, task, name)));
        case 'getVariableLocal/1':
          return found(plainOrNull(vars.localForTask(instance, task)[name]));
        case 'hasVariable/1':
          return found(vars.getForTask(instance, task, name) !== undefined);
        case 'hasVariableLocal/1':
          return found(vars.localForTask(instance, task)[name] !== undefined);
        case 'setVariable/2':
          vars.setForTask(instance, task, name, untypedValue(args[1]));
          return found(null);
        case 'setVariableLocal/2':
          vars.setLocalForTask(instance, task, name, untypedValue(args[1]));
          return found(null);
        case 'removeVariable/1':
          vars.removeForTask(instance, task, name);
          return found(null);
        case 'removeVariableLocal/1':
          vars.removeLocalForTask(instance, task, name);
          return found(null);
        default:
          return NOT_FOUND;
      }
    },
  };
}

function plainOrNull(tv: ReturnType<VariableStore['getForTask']>): unknown {
  return tv ? plainValue(tv) : null;
}
