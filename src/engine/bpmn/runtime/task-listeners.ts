import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { ExpressionContext, Lookup } from '../../expression';
import { TaskManager } from '../../entities/task.manager';
import { ProcessEngineError } from '../../errors';
import { plainValue } from '../../variables/typed-value';
import { UserTaskNode } from '../model';
import { planTimer } from '../../timer/iso-timer';
import { resolveActivity } from './activity-ref';
import { JOB_HANDLER, JOB_TYPE } from './events/job-kinds';
import { evaluate, expressionExecution } from './expression-scope';
import { ProcessInstanceState } from './process-instance-state';
import type { RuntimeContext } from './runtime-context';
import { TaskChanges, TaskEvent, taskHostObject } from './task-host-object';
import { runTaskListenerScript } from './task-listener-scripts';
import { delegateObject } from './host-code';
import { delegateTaskOf } from './delegate-task';
import { lookupBean } from './bean-host-object';
import { DelegateRef } from '../model';
import { VariableStore } from './variable-store';
import { EventContext } from './events/event-context';
import { Agenda } from './agenda';

export { changeTaskUser } from './task-host-object';
export type { TaskEvent } from './task-host-object';

const found = (value: unknown): Lookup => ({ found: true, value: value ?? null });
const NOT_FOUND: Lookup = { found: false };

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

function taskListenerContext(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  event: TaskEvent,
  changes: TaskChanges,
): ExpressionContext {
  const execution = task.executionId ? (instance.get(task.executionId) ?? null) : null;
  const host = taskHostObject(ctx, instance, task, event, changes);
  return {
    resolve: (name) => {
      if (name === 'task') return found(host);
      const tv = ctx.manager(VariableStore).getForTask(instance, task, name);
      if (tv) return found(plainValue(tv));
      // Variables first, then the host's named objects (bean method expressions of an embedded engine).
      const bean = lookupBean(ctx.deps.delegates, name);
      return bean ? found(bean) : NOT_FOUND;
    },
    execution: execution ? expressionExecution(ctx, execution, event) : undefined,
    authentication: ctx.auth ? { userId: ctx.auth.userId, groupIds: ctx.auth.groupIds } : undefined,
    now: () => ctx.now(),
  };
}

/** A host delegate's `notify(task)` (class or delegateExpression task listener of an embedded engine); async allowed. */
async function notifyHostListener(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  ref: DelegateRef,
  event: TaskEvent,
  changes: TaskChanges,
): Promise<void> {
  const execution = task.executionId ? instance.get(task.executionId) : undefined;
  if (!execution) throw new ProcessEngineError(`Task ${task.id} has no execution to resolve its listener's delegate`);
  const object = delegateObject(ctx, execution, ref, 'notify', event) as { notify: (task: unknown) => unknown };
  await object.notify(delegateTaskOf(taskHostObject(ctx, instance, task, event, changes)));
}

/**
 * Runs the task's listeners of one event, in model order, each finished before the next (scripts in the
 * sandbox); expression values are ignored, as in Camunda. Once a listener completed the task, the rest of
 * the event's listeners do not run.
 */
async function fire(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  event: TaskEvent,
  changes: TaskChanges,
  listenerId?: string,
): Promise<void> {
  const node = userTaskNode(instance, task);
  if (!node) return;
  for (const listener of node.userTask.taskListeners) {
    if (listener.event !== event || (listenerId !== undefined && listener.id !== listenerId)) continue;
    if (changes.completed) return;
    if ('script' in listener)
      await runTaskListenerScript(
        ctx,
        instance,
        task,
        listener,
        event,
        taskHostObject(ctx, instance, task, event, changes),
      );
    else if (listener.delegate) await notifyHostListener(ctx, instance, task, listener.delegate, event, changes);
    else listener.expression.evaluate(taskListenerContext(ctx, instance, task, event, changes));
  }
}

/**
 * Completes a waiting process task as the task service does: its complete listeners, the assignee into the
 * activity history, the task and its timeout timers go, and the activity ends on the agenda (the caller runs it).
 */
export async function completeProcessTask(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
): Promise<void> {
  const execution = task.executionId ? instance.get(task.executionId) : undefined;
  const ref = resolveActivity(instance.graph, task.taskDefinitionKey);
  if (!execution || !ref || execution.activityId !== ref.id) {
    throw new ProcessEngineError(
      `Task ${task.id} does not belong to a waiting activity of process instance ${instance.id}`,
    );
  }
  // Camunda's order: the complete listeners, then the task goes, then the activity ends (its end listeners).
  await fire(ctx, instance, task, 'complete', { assignee: false, completed: false });
  ctx.history.activityEnded(execution.activityInstanceId!, { assignee: task.assignee });
  ctx.manager(TaskManager).delete(task, 'completed');
  ctx.manager(VariableStore).dropScope(instance, task.id);
  if (ref.node.type === 'userTask' && ref.node.userTask.taskListeners.some((l) => l.timer))
    ctx.manager(EventContext).dropRowsOf(instance, execution, [ref.id]);
  ctx.manager(Agenda).plan({ kind: 'ACTIVITY_END', execution, activityId: ref.id });
}

/** A listener called `task.complete()`: the task completes now that the listener is done. Whether it did. */
async function completeIfAsked(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  changes: TaskChanges,
): Promise<boolean> {
  if (!changes.completed) return false;
  await completeProcessTask(ctx, instance, task);
  await ctx.manager(Agenda).run();
  return true;
}

/** `assignment` after `create` or `update` when the assignee changed, unless a listener completed the task already. */
async function fireWithAssignment(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  event: TaskEvent,
  changes: TaskChanges,
): Promise<boolean> {
  await fire(ctx, instance, task, event, changes);
  if (changes.assignee && !changes.completed) {
    changes.assignee = false;
    await fire(ctx, instance, task, 'assignment', changes);
  }
  return completeIfAsked(ctx, instance, task, changes);
}

/**
 * A task was created: `create`, then `assignment` when it has an assignee (set by the model or by a
 * `create` listener), as Camunda's TaskEntity does when it enters its created state. Whether a listener
 * completed it.
 */
export function fireTaskCreated(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
): Promise<boolean> {
  return fireWithAssignment(ctx, instance, task, 'create', { assignee: task.assignee != null, completed: false });
}

/** A created task changed: `update`, then `assignment` when its assignee changed (by the caller or an `update` listener). */
export async function fireTaskUpdated(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  assigneeChanged: boolean,
): Promise<void> {
  await fireWithAssignment(ctx, instance, task, 'update', { assignee: assigneeChanged, completed: false });
}

export function fireTaskDeleted(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity): Promise<void> {
  return fire(ctx, instance, task, 'delete', { assignee: false, completed: false });
}

/** The timers of the task's `timeout` listeners: one job each, on the task's execution and activity, naming the listener. */
export function planTaskTimeouts(ctx: RuntimeContext, instance: ProcessInstanceState, task: TaskEntity): void {
  const node = userTaskNode(instance, task);
  const execution = task.executionId ? instance.get(task.executionId) : undefined;
  if (!node || !execution) return;
  for (const listener of node.userTask.taskListeners) {
    if (!listener.timer) continue;
    const plan = planTimer(listener.timer.timerType, evaluate(ctx, execution, listener.timer.value), ctx.now());
    ctx.manager(EventContext).insertJob(instance, {
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

/** A timeout listener's timer is due: only that listener runs; the task stays unless it completed it. Whether it did. */
export async function fireTaskTimeout(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  listenerId: string,
): Promise<boolean> {
  const changes: TaskChanges = { assignee: false, completed: false };
  await fire(ctx, instance, task, 'timeout', changes, listenerId);
  return completeIfAsked(ctx, instance, task, changes);
}
