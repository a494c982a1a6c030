import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { BadUserRequestError, ProcessEngineError } from '../../errors';
import { HostObject } from '../../expression';
import { SandboxTask } from '../../expression/script/script-sandbox';
import { plainValue } from '../../variables/typed-value';
import { ScriptListenerConfig } from '../model';
import { ProcessInstanceState } from './process-instance-state';
import type { RuntimeContext } from './runtime-context';
import { applyExecutionWrite, fromSandbox, runSandbox } from './scripts';
import { TaskEvent } from './task-host-object';
import { VariableStore } from './variable-store';

/** The task methods a script's recorded calls may name; they are replayed on the expression listeners' `task`. */
const TASK_CALLS = new Set([
  'setName',
  'setDescription',
  'setAssignee',
  'setOwner',
  'setPriority',
  'setDueDate',
  'setFollowUpDate',
  'addCandidateUser',
  'addCandidateGroup',
  'deleteCandidateUser',
  'deleteCandidateGroup',
  'complete',
]);

const millis = (d: Date | null) => (d ? d.getTime() : null);

function snapshotOf(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  event: TaskEvent,
): SandboxTask {
  return {
    id: task.id,
    name: task.name,
    description: task.description,
    assignee: task.assignee,
    owner: task.owner,
    priority: task.priority,
    dueDate: millis(task.dueDate),
    followUpDate: millis(task.followUpDate),
    createTime: millis(task.createTime),
    taskDefinitionKey: task.taskDefinitionKey,
    eventName: event,
    processInstanceId: task.processInstanceId,
    executionId: task.executionId,
    processDefinitionId: task.processDefinitionId,
    tenantId: task.tenantId,
    formKey: task.formKey,
    deleteReason: event === 'complete' ? 'completed' : event === 'delete' ? 'deleted' : null,
    locals: Object.keys(ctx.manager(VariableStore).localForTask(instance, task)),
  };
}

/**
 * A JavaScript task listener. The sandbox runs off the main thread, so the script gets a snapshot of the
 * task (and the variables seen from it); what it did is replayed here afterwards, in order: variable writes
 * through `execution` or `task`, and the task's setters through the same `task` the expression listeners use.
 */
export async function runTaskListenerScript(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  task: TaskEntity,
  listener: ScriptListenerConfig,
  event: TaskEvent,
  host: HostObject,
): Promise<void> {
  const execution = task.executionId ? instance.get(task.executionId) : undefined;
  if (!execution) throw new ProcessEngineError(`Task ${task.id} has no execution to run its '${event}' listener on`);
  const output = await runSandbox(
    ctx,
    execution,
    listener.script,
    task.taskDefinitionKey ?? execution.activityId ?? task.id,
    event,
    {
      vars: ctx.manager(VariableStore).visibleForTask(instance, task),
      locals: Object.keys(ctx.manager(VariableStore).local(execution)),
      task: snapshotOf(ctx, instance, task, event),
    },
  );
  for (const write of output.writes) {
    if (applyExecutionWrite(ctx, execution, write)) continue;
    const value = write.value ? fromSandbox(write.value) : null;
    if (write.op === 'taskSet') ctx.manager(VariableStore).setForTask(instance, task, write.name, value!);
    else if (write.op === 'taskSetLocal')
      ctx.manager(VariableStore).setLocalForTask(instance, task, write.name, value!);
    else if (write.op === 'taskRemove') ctx.manager(VariableStore).removeForTask(instance, task, write.name);
    else if (write.op === 'taskRemoveLocal') ctx.manager(VariableStore).removeLocalForTask(instance, task, write.name);
    else {
      const args = write.name === 'complete' ? [] : [value ? plainValue(value) : null];
      if (!TASK_CALLS.has(write.name) || !host.invoke(write.name, args).found) {
        // Only a script that tampered with the sandbox's own bookkeeping gets here.
        throw new BadUserRequestError(
          `The '${event}' listener script of '${task.taskDefinitionKey}' called an unknown task method`,
          'ScriptEvaluationException',
        );
      }
    }
  }
}
