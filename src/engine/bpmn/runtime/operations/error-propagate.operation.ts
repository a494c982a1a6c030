import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { ActivityInstanceState } from '../../../history/process-history-writer';
import { ErrorEventDefinition, FlowNode } from '../../model';
import { ActivityRef, bodyRef, isMultiInstanceInner, needsScope, resolveActivity } from '../activity-ref';
import type { AtomicOperation } from '../agenda';
import { cancelActivities, cancelSubtrees, CancelOptions } from '../cancellation';
import type { RuntimeContext } from '../runtime-context';
import { ProcessInstanceState } from '../process-instance-state';

type Op = Extract<AtomicOperation, { kind: 'ERROR_PROPAGATE' }>;

/** One level of the way out from where an error was thrown: an activity, or the flow scope around it. */
type Frame =
  | { kind: 'activity'; instance: ProcessInstanceState; ref: ActivityRef; host: ExecutionEntity; scope: ExecutionEntity | null }
  | { kind: 'scope'; instance: ProcessInstanceState; scopeId: string; scope: ExecutionEntity };

function at(instance: ProcessInstanceState, execution: ExecutionEntity, ref: ActivityRef) {
  return needsScope(ref) ? { host: instance.parent(execution)!, scope: execution } : { host: execution, scope: null };
}

/**
 * From the throwing activity outwards: the activity (its boundary events), its flow scope (error
 * event sub-processes), the activity owning that scope, ... up to the process, then on into the
 * calling instance through its call activity. Multi-instance boundary events belong to the body.
 */
async function* frames(ctx: RuntimeContext, instance: ProcessInstanceState, execution: ExecutionEntity, ref: ActivityRef): AsyncGenerator<Frame> {
  let { host, scope } = at(instance, execution, ref);
  for (;;) {
    yield { kind: 'activity', instance, ref, host, scope };
    if (isMultiInstanceInner(ref)) {
      const body = instance.scopeOf(host);
      ref = bodyRef(ref.node);
      scope = body;
      host = instance.parent(body)!;
      continue;
    }
    const flowScope = instance.scopeOf(host);
    yield { kind: 'scope', instance, scopeId: ref.node.scopeId, scope: flowScope };
    if (flowScope.parentId) {
      host = instance.parent(flowScope)!;
      ref = resolveActivity(instance.graph, host.activityId)!;
      scope = flowScope;
      continue;
    }
    if (!flowScope.superExecutionId) return;
    const caller = await ctx.loadInstanceOfExecution(flowScope.superExecutionId);
    const superExecution = caller?.get(flowScope.superExecutionId);
    const callRef = caller && superExecution ? resolveActivity(caller.graph, superExecution.activityId) : null;
    if (!caller || !superExecution || !callRef) return;
    instance = caller;
    ref = callRef;
    ({ host, scope } = at(instance, superExecution, ref));
  }
}

/** Specific error codes win over catch-all definitions, as in Camunda. */
function pick<T extends { definition: ErrorEventDefinition }>(candidates: T[], errorCode: string): T | undefined {
  return candidates.find((c) => c.definition.errorCode === errorCode) ?? candidates.find((c) => c.definition.errorCode == null);
}

function errorDefinition(node: FlowNode | undefined): ErrorEventDefinition | null {
  return node && 'eventDefinition' in node && node.eventDefinition?.kind === 'error' ? node.eventDefinition : null;
}

function boundaryCatch(frame: Extract<Frame, { kind: 'activity' }>, errorCode: string) {
  if (isMultiInstanceInner(frame.ref) || !frame.scope || !('boundaryEventIds' in frame.ref.node)) return undefined;
  const graph = frame.instance.graph;
  const candidates = frame.ref.node.boundaryEventIds
    .map((id) => graph.elements.get(id))
    .map((node) => ({ node: node!, definition: errorDefinition(node)! }))
    .filter((c) => c.definition);
  return pick(candidates, errorCode);
}

function eventSubProcessCatch(frame: Extract<Frame, { kind: 'scope' }>, errorCode: string) {
  const graph = frame.instance.graph;
  const candidates = (graph.scopes.get(frame.scopeId)?.eventSubProcessIds ?? []).flatMap((espId) =>
    (graph.scopes.get(espId)?.startEventIds ?? [])
      .map((id) => graph.elements.get(id))
      .map((node) => ({ subProcessId: espId, node: node!, definition: errorDefinition(node)! }))
      .filter((c) => c.definition),
  );
  return pick(candidates, errorCode);
}

function setErrorVariables(ctx: RuntimeContext, execution: ExecutionEntity, definition: ErrorEventDefinition, op: Op): void {
  if (definition.errorCodeVariable) ctx.variables.set(execution, definition.errorCodeVariable, { type: 'string', value: op.errorCode, valueInfo: {} });
  if (definition.errorMessageVariable) {
    const value =
      op.errorMessage == null ? { type: 'null' as const, value: null, valueInfo: {} } : { type: 'string' as const, value: op.errorMessage, valueInfo: {} };
    ctx.variables.set(execution, definition.errorMessageVariable, value);
  }
}

const CANCEL: CancelOptions = { calledInstanceState: 'INTERNALLY_TERMINATED', reason: null };

/**
 * A BPMN error travels to the nearest catching error boundary event or error event sub-process;
 * everything between the thrower and the catcher is canceled. Uncaught, the throwing token ends.
 */
export async function errorPropagate(ctx: RuntimeContext, op: Op): Promise<void> {
  const instance = ctx.instanceOf(op.execution);
  const ref = resolveActivity(instance.graph, op.activityId)!;
  for await (const frame of frames(ctx, instance, op.execution, ref)) {
    if (frame.kind === 'activity') {
      const boundary = boundaryCatch(frame, op.errorCode);
      if (!boundary) continue;
      await cancelSubtrees(ctx, frame.instance, [frame.scope!], CANCEL);
      ctx.history.activityEnded(frame.host.activityInstanceId!, { state: ActivityInstanceState.CANCELED });
      frame.host.isActive = true;
      setErrorVariables(ctx, frame.host, boundary.definition, op);
      ctx.agenda.plan({ kind: 'ACTIVITY_START', execution: frame.host, activityId: boundary.node.id });
      return;
    }
    const start = eventSubProcessCatch(frame, op.errorCode);
    if (!start) continue;
    const scope = frame.scope;
    await cancelSubtrees(ctx, frame.instance, frame.instance.children(scope), CANCEL);
    if (scope.activityId) await cancelActivities(ctx, frame.instance, [scope], CANCEL);
    scope.activityId = null;
    scope.activityInstanceId = frame.instance.scopeInstanceId(scope);
    scope.isActive = true;
    setErrorVariables(ctx, scope, start.definition, op);
    ctx.agenda.plan({ kind: 'ACTIVITY_START', execution: scope, activityId: start.subProcessId, startEventId: start.node.id });
    return;
  }
  if (op.thrownByEndEvent) ctx.agenda.plan({ kind: 'TOKEN_END', execution: op.execution });
  else ctx.agenda.plan({ kind: 'ACTIVITY_END', execution: op.execution, activityId: op.activityId, flowIds: [] });
}
