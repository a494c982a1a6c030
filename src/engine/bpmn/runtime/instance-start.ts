import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { BadUserRequestError } from '../../errors';
import { newId } from '../../util/ids';
import { VariableMap } from '../../variables/typed-value';
import { ProcessGraph } from '../model';
import type { RuntimeContext } from './runtime-context';
import { subscribeEventSubProcesses } from './events/event-waits';
import { fireListeners } from './execution-listeners';
import { ProcessInstanceState } from './process-instance-state';
import { VariableStore } from './variable-store';
import { Agenda } from './agenda';

export interface InstanceStart {
  businessKey: string | null;
  variables: VariableMap | null;
  /** The call activity execution that starts this instance. */
  superExecution?: ExecutionEntity | null;
  /** Where the instance begins when an event started it (message, signal, timer, conditional start event). */
  startEventId?: string;
  /**
   * Where the instance begins instead of its start event (Camunda's start instructions): the first one names the
   * start activity in history; the caller applies them once the instance exists.
   */
  startActivityId?: string;
}

/**
 * A new process instance: its root execution (id = instance id = its activity instance id), its
 * history, its start variables (history marks them initial), the waits of its event sub-processes,
 * and the first step at the none start event (or the start event that fired). The caller runs the agenda.
 */
export async function createProcessInstance(
  ctx: RuntimeContext,
  definition: ProcessDefinitionEntity,
  graph: ProcessGraph,
  start: InstanceStart,
): Promise<ProcessInstanceState> {
  const initialId = start.startActivityId ?? start.startEventId ?? graph.initialId;
  const initial = initialId ? graph.elements.get(initialId) : null;
  if (!initial && !start.startActivityId) {
    // Camunda's words; the caller asked for a start the model does not offer (several event start events only).
    throw new BadUserRequestError(
      'Cannot start process instance, initial activity where the process instance should start is null: initial is null',
    );
  }
  const id = newId();
  const superExecution = start.superExecution ?? null;
  const caller = superExecution ? ctx.instanceOf(superExecution) : null;
  const root = Object.assign(new ExecutionEntity(), {
    id,
    rev: 1,
    rootProcessInstanceId: caller ? caller.root.rootProcessInstanceId : id,
    processInstanceId: id,
    businessKey: start.businessKey,
    parentId: null,
    processDefinitionId: definition.id,
    processDefinitionKey: definition.key,
    superExecutionId: superExecution?.id ?? null,
    activityId: null,
    activityInstanceId: id,
    isActive: true,
    isConcurrent: false,
    isScope: true,
    isEventScope: false,
    suspensionState: 1,
    sequenceCounter: 0,
    tenantId: definition.tenantId,
    startTime: ctx.now(),
  });
  const instance = ctx.adoptNew(root, definition, graph);
  ctx.history.processInstanceStarted(root, {
    startUserId: ctx.auth?.userId ?? null,
    startActivityId: initial?.id ?? start.startActivityId ?? null,
    superProcessInstanceId: superExecution?.processInstanceId ?? null,
  });
  for (const [name, value] of Object.entries(start.variables ?? {}))
    ctx.manager(VariableStore).setLocal(root, name, value, true);
  // Camunda sets the initiator variable on every start: the authenticated user, or null without one.
  if (!start.startActivityId && initial?.type === 'startEvent' && initial.initiator) {
    const userId = ctx.auth?.userId ?? null;
    ctx
      .manager(VariableStore)
      .setLocal(
        root,
        initial.initiator,
        userId === null
          ? { type: 'null', value: null, valueInfo: {} }
          : { type: 'string', value: userId, valueInfo: {} },
        true,
      );
  }
  await fireListeners(ctx, root, graph.executionListeners, 'start', graph.key);
  subscribeEventSubProcesses(ctx, instance, root, graph.key);
  if (start.startActivityId) root.isActive = false;
  else ctx.manager(Agenda).plan({ kind: 'ACTIVITY_START', execution: root, activityId: initial!.id });
  return instance;
}
