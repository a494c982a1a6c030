import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { ActivityInstanceState } from '../../../history/process-history.manager';
import { ErrorEventDefinition } from '../../model';
import { resolveActivity } from '../activity-ref';
import type { AtomicOperation } from '../atomic-operation';
import { cancelActivities, cancelSubtrees, CancelOptions } from '../cancellation';
import { errorDefinitionOf, findCatch } from '../events/catch-search';
import type { RuntimeContext } from '../runtime-context';
import { VariableStore } from '../variable-store';
import { Agenda } from '../agenda';

type Op = Extract<AtomicOperation, { kind: 'ERROR_PROPAGATE' }>;

function setErrorVariables(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  definition: ErrorEventDefinition,
  op: Op,
): void {
  if (definition.errorCodeVariable)
    ctx
      .manager(VariableStore)
      .set(execution, definition.errorCodeVariable, { type: 'string', value: op.errorCode, valueInfo: {} });
  if (definition.errorMessageVariable) {
    const value =
      op.errorMessage == null
        ? { type: 'null' as const, value: null, valueInfo: {} }
        : { type: 'string' as const, value: op.errorMessage, valueInfo: {} };
    ctx.manager(VariableStore).set(execution, definition.errorMessageVariable, value);
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
  const caught = await findCatch(ctx, instance, op.execution, ref, {
    definitionOf: errorDefinitionOf,
    codeOf: (d) => d.errorCode,
    code: op.errorCode,
  });
  if (caught?.kind === 'boundary') {
    const { frame } = caught;
    await cancelSubtrees(ctx, frame.instance, [frame.scope!], CANCEL);
    ctx.history.activityEnded(frame.host.activityInstanceId!, { state: ActivityInstanceState.CANCELED });
    frame.host.isActive = true;
    setErrorVariables(ctx, frame.host, caught.definition, op);
    ctx.manager(Agenda).plan({ kind: 'ACTIVITY_START', execution: frame.host, activityId: caught.node.id });
    return;
  }
  if (caught) {
    const { scope, instance: catching } = caught.frame;
    await cancelSubtrees(ctx, catching, catching.children(scope), CANCEL);
    if (scope.activityId) await cancelActivities(ctx, catching, [scope], CANCEL);
    scope.activityId = null;
    scope.activityInstanceId = catching.scopeInstanceId(scope);
    scope.isActive = true;
    setErrorVariables(ctx, scope, caught.definition, op);
    ctx.manager(Agenda).plan({
      kind: 'ACTIVITY_START',
      execution: scope,
      activityId: caught.subProcessId,
      startEventId: caught.node.id,
    });
    return;
  }
  if (op.thrownByEndEvent) ctx.manager(Agenda).plan({ kind: 'TOKEN_END', execution: op.execution });
  else
    ctx.manager(Agenda).plan({ kind: 'ACTIVITY_END', execution: op.execution, activityId: op.activityId, flowIds: [] });
}
