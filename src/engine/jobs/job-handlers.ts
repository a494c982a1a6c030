import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';
import { resolveActivity } from '../bpmn/runtime/activity-ref';
import type { RuntimeContext } from '../bpmn/runtime/runtime-context';
import { currentDefinition, isStartable, startAtEvent } from '../bpmn/runtime/events/event-start';
import { triggerEvent } from '../bpmn/runtime/events/event-trigger';
import { AsyncJobConfig, JOB_HANDLER } from '../bpmn/runtime/events/job-kinds';
import { innerOfJob } from '../bpmn/runtime/events/async-continuation';
import { takeFlows } from '../bpmn/runtime/execution-tree';
import { fireTaskTimeout } from '../bpmn/runtime/task-listeners';
import { defaultOutgoing } from '../bpmn/runtime/outgoing-flows';
import { ProcessInstanceState } from '../bpmn/runtime/process-instance-state';
import { ProcessEngineError } from '../errors';
import { TaskManager } from '../entities/task.manager';
import { nextCycle } from '../timer/iso-timer';
import { EventContext } from '../bpmn/runtime/events/event-context';
import { Agenda } from '../bpmn/runtime/agenda';

/** The next firing of a cycle timer that fired and stays (non-interrupting events, start timers). */
function reschedule(ctx: RuntimeContext, instance: ProcessInstanceState | null, job: JobEntity): void {
  if (!job.repeat) return;
  const next = nextCycle(job.repeat, job.dueDate ?? ctx.now(), ctx.now());
  if (!next) return;
  const { id: _id, rev: _rev, lockOwner: _owner, lockExpirationTime: _lock, createTime: _created, ...rest } = job;
  ctx.manager(EventContext).insertJob(instance, {
    ...rest,
    dueDate: next.due,
    repeat: next.repeat,
    retries: 3,
    exceptionMessage: null,
    exceptionStacktrace: null,
    failedActivityId: null,
  });
}

async function continueAsync(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  job: JobEntity,
): Promise<void> {
  const config = JSON.parse(job.handlerConfiguration ?? '{}') as AsyncJobConfig;
  const ref = resolveActivity(instance.graph, job.activityId);
  if (!ref || execution.activityId !== job.activityId) {
    throw new ProcessEngineError(`Job ${job.id}: execution ${execution.id} is no longer at '${job.activityId}'`);
  }
  ctx.touch(instance);
  if (config.step === 'before') {
    ctx.manager(EventContext).skipAsyncBefore(execution);
    const inner = innerOfJob(ctx, execution, ref, config);
    ctx.manager(Agenda).plan({
      kind: 'ACTIVITY_START',
      execution,
      activityId: ref.node.id,
      startEventId: config.startEventId,
      ...(inner ? { inner } : {}),
    });
    return;
  }
  const flows = config.flowIds
    ? config.flowIds.map((id) => instance.graph.sequenceFlows.get(id)!).filter(Boolean)
    : await defaultOutgoing(ctx, instance, execution, ref.node);
  takeFlows(ctx, instance, execution, flows);
}

/** A timeout task listener is due: it runs against the task, which stays; a cycle plans its next firing. */
async function fireTimeoutListener(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  job: JobEntity,
): Promise<void> {
  const { listenerId } = JSON.parse(job.handlerConfiguration ?? '{}') as { listenerId?: string };
  const task = (await ctx.manager(TaskManager).ofInstance(instance.id)).find(
    (t) => t.executionId === execution.id && t.taskDefinitionKey === job.activityId,
  );
  if (!task || !listenerId)
    throw new ProcessEngineError(`Job ${job.id}: no task of '${job.activityId}' waits on execution ${execution.id}`);
  ctx.touch(instance);
  // A listener that completed the task took its timers with it.
  if (await fireTaskTimeout(ctx, instance, task, listenerId)) return;
  reschedule(ctx, instance, job);
}

async function fireStartTimer(ctx: RuntimeContext, job: JobEntity): Promise<void> {
  const definition = job.processDefinitionId ? await currentDefinition(ctx, job.processDefinitionId) : null;
  if (!definition)
    throw new ProcessEngineError(`Job ${job.id}: process definition ${job.processDefinitionId} does not exist`);
  if (isStartable(definition, ctx.now())) await startAtEvent(ctx, definition, job.activityId!);
  reschedule(ctx, null, job);
}

/**
 * What a job does, by handler type: continue an asynchronous step, fire a timer (intermediate,
 * boundary, event sub-process, start). The caller has deleted the job row; the agenda runs at flush.
 */
export async function runJob(ctx: RuntimeContext, job: JobEntity): Promise<void> {
  const handler = job.handlerType ? ctx.deps.jobHandlers?.get(job.handlerType) : undefined;
  if (handler) return handler(ctx, job);
  if (job.handlerType === JOB_HANDLER.startTimer) return fireStartTimer(ctx, job);
  const instance = job.processInstanceId ? await ctx.loadInstance(job.processInstanceId) : null;
  const execution = instance?.get(job.executionId ?? '');
  if (!instance || !execution)
    throw new ProcessEngineError(`Job ${job.id}: execution ${job.executionId} does not exist`);
  if (job.handlerType === JOB_HANDLER.asyncContinuation) return continueAsync(ctx, instance, execution, job);
  if (job.handlerType === JOB_HANDLER.taskListenerTimer) return fireTimeoutListener(ctx, instance, execution, job);
  const outcome = await triggerEvent(ctx, instance, execution, job.activityId!);
  if (outcome === 'kept') reschedule(ctx, instance, job);
}
