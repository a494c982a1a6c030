import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { executionHostObject, ExpressionContext, ExpressionExecution, HOST_OBJECT, HostObject, Lookup } from '../../expression';
import { ProcessEngineError } from '../../errors';
import { plainValue, untypedValue } from '../../variables/typed-value';
import { UserTaskNode } from '../model';
import { planTimer } from '../../timer/iso-timer';
import { resolveActivity } from './activity-ref';
import { JOB_HANDLER, JOB_TYPE } from './events/job-kinds';
import { evaluate, expressionExecution } from './expression-scope';
import { ProcessInstanceState } from './process-instance-state';
import type { RuntimeContext } from './runtime-context';

export type TaskEvent = 'create' | 'assignment' | 'update' | 'complete' | 'delete' | 'timeout';

const found = (value: unknown): Lookup => ({ found: true, value: value ?? null });
const NOT_FOUND: Lookup = { found: false };

/** What a listener changed on the task while it ran; an assignee change fires `assignment` after `create` and `update`. */
interface TaskChanges {
  assignee: boolean;
}

function userTaskNode(instance: ProcessInstanceState, task: TaskEntity): UserTaskNode | null {
  const ref = resolveActivity(instance.graph, task.taskDefinitionKey);
  return ref && !ref.isBody && ref.node.type === 'userTask' ? (ref.node as UserTaskNode) : null;
}

/** Whether the task's model has listeners for any of the events; asks the cached graph only, not the instance. */
export async function listensTo(ctx: RuntimeContext, task: TaskEntity, events: readonly TaskEvent[]): Promise<boolean> {
  if (!task.processDefinitionId || !task.taskDefinitionKey) return false;
  const graph = await ctx.graph(await ctx.definition(task.processDefinitionId));
  const ref = resolveActivity(graph, task.taskDefinitionKey);
  if (!ref || ref.isBody || ref.node.type !== 'userTask') return false;
  return ref.node.userTask.taskListeners.some((l) => events.includes(l.event as TaskEvent));
}

function dateOf(value: unknown, what: string): Date | null {
  if (value == null) return null;
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new ProcessEngineError(`${what} does not resolve to a date: ${String(value)}`);
  return date;
}

/** Sets a task's assignee or owner as the task service would: default grants, and the assignee in the activity history. */
export function changeTaskUser(ctx: RuntimeContext, task: TaskEntity, field: 'assignee' | 'owner', userId: string | null): boolean {
  if (task[field] === userId) return false;
  task[field] = userId;
  task.lastUpdated = ctx.now();
  ctx.grantTaskDefaults(task.id, userId);
  if (field === 'assignee' && task.activityInstanceId) ctx.history.activityUpdated(task.activityInstanceId, { assignee: userId });
  return true;
}

/** `task` in a task listener's expression: the members of Camunda's DelegateTask that make sense here, listed by hand. */
function taskHostObject(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity, event: TaskEvent, changes: TaskChanges): HostObject {
  const vars = ctx.variables;
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
    variables: () => Object.fromEntries(Object.entries(vars.visibleForTask(instance, task)).map(([k, v]) => [k, plainValue(v)])),
    variablesLocal: () => Object.fromEntries(Object.entries(vars.localForTask(instance, task)).map(([k, v]) => [k, plainValue(v)])),
    execution: () => {
      const e = execution();
      return e ? expressionExecution(ctx, e, event) : null;
    },
  };
  const touch = () => {
    task.lastUpdated = ctx.now();
    ctx.touch(instance);
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
      if (!Number.isInteger(n)) throw new ProcessEngineError(`Priority does not resolve to a number: ${String(v)}`);
      task.priority = n;
      touch();
    },
    setDueDate: (v) => ((task.dueDate = dateOf(v, 'Due date')), touch()),
    setFollowUpDate: (v) => ((task.followUpDate = dateOf(v, 'Follow up date')), touch()),
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

function plainOrNull(tv: ReturnType<RuntimeContext['variables']['getForTask']>): unknown {
  return tv ? plainValue(tv) : null;
}

function taskListenerContext(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity, event: TaskEvent, changes: TaskChanges): ExpressionContext {
  const execution = task.executionId ? (instance.get(task.executionId) ?? null) : null;
  const host = taskHostObject(ctx, instance, task, event, changes);
  return {
    resolve: (name) => {
      if (name === 'task') return found(host);
      const tv = ctx.variables.getForTask(instance, task, name);
      return tv ? found(plainValue(tv)) : NOT_FOUND;
    },
    execution: execution ? expressionExecution(ctx, execution, event) : undefined,
    authentication: ctx.auth ? { userId: ctx.auth.userId, groupIds: ctx.auth.groupIds } : undefined,
    now: () => ctx.now(),
  };
}

/** Runs the task's expression listeners of one event, in model order; the expressions' values are ignored, as in Camunda. */
function fire(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity, event: TaskEvent, changes: TaskChanges, listenerId?: string): void {
  const node = userTaskNode(instance, task);
  if (!node) return;
  for (const listener of node.userTask.taskListeners) {
    if (listener.event !== event || (listenerId !== undefined && listener.id !== listenerId)) continue;
    listener.expression.evaluate(taskListenerContext(ctx, instance, task, event, changes));
  }
}

/**
 * A task was created: `create`, then `assignment` when it has an assignee (set by the model or by a
 * `create` listener), as Camunda's TaskEntity does when it enters its created state.
 */
export function fireTaskCreated(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity): void {
  const changes: TaskChanges = { assignee: task.assignee != null };
  fire(ctx, instance, task, 'create', changes);
  if (changes.assignee) fire(ctx, instance, task, 'assignment', { assignee: false });
}

/** A created task changed: `update`, then `assignment` when its assignee changed (by the caller or an `update` listener). */
export function fireTaskUpdated(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity, assigneeChanged: boolean): void {
  const changes: TaskChanges = { assignee: assigneeChanged };
  fire(ctx, instance, task, 'update', changes);
  if (changes.assignee) fire(ctx, instance, task, 'assignment', { assignee: false });
}

export function fireTaskEvent(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity, event: 'complete' | 'delete'): void {
  fire(ctx, instance, task, event, { assignee: false });
}

/** The timers of the task's `timeout` listeners: one job each, on the task's execution and activity, naming the listener. */
export function planTaskTimeouts(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity): void {
  const node = userTaskNode(instance, task);
  const execution = task.executionId ? instance.get(task.executionId) : undefined;
  if (!node || !execution) return;
  for (const listener of node.userTask.taskListeners) {
    if (!listener.timer) continue;
    const plan = planTimer(listener.timer.timerType, evaluate(ctx, execution, listener.timer.value), ctx.now());
    ctx.events.insertJob(instance, {
      type: JOB_TYPE.timer,
      handlerType: JOB_HANDLER.taskListenerTimer,
      handlerConfiguration: JSON.stringify({ activityId: node.id, listenerId: listener.id }),
      executionId: execution.id,
      activityId: node.id,
      dueDate: plan.due,
      repeat: plan.repeat,
      exclusive: node.async.exclusive,
    });
  }
}

/** A timeout listener's timer is due: only that listener runs; the task stays. */
export function fireTaskTimeout(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity, listenerId: string): void {
  fire(ctx, instance, task, 'timeout', { assignee: false }, listenerId);
}
