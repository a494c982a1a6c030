import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { ActivityRef } from '../activity-ref';
import type { RuntimeContext } from '../runtime-context';
import { ProcessInstanceState } from '../process-instance-state';
import { escalationDefinitionOf, findCatch } from './catch-search';
import { triggerEvent } from './event-trigger';

/** What became of an escalation: nobody caught it, or a catch that interrupted the thrower's scope or runs beside it. */
export type EscalationOutcome = 'uncaught' | 'interrupting' | 'nonInterrupting';

/**
 * Throws an escalation from `execution` at `ref`, as Camunda does: the nearest boundary event or
 * event sub-process whose escalation matches (by code, or catching all) runs, with
 * camunda:escalationCodeVariable set. An interrupting one cancels its scope, the thrower with it.
 * `skipEventSubProcessId`: an event sub-process the thrower sits directly in never catches its escalation.
 */
export async function propagateEscalation(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  ref: ActivityRef,
  code: string,
  skipEventSubProcessId?: string,
): Promise<EscalationOutcome> {
  const caught = await findCatch(ctx, instance, execution, ref, {
    definitionOf: escalationDefinitionOf,
    codeOf: (d) => d.escalationCode,
    code,
    skipEventSubProcessId,
  });
  if (!caught) return 'uncaught';
  const variable = caught.definition.escalationCodeVariable;
  const variables = variable ? { [variable]: { type: 'string' as const, value: code, valueInfo: {} } } : null;
  // a boundary event waits on the scope execution of its activity, an event sub-process on its scope's
  await triggerEvent(ctx, caught.frame.instance, caught.frame.scope!, caught.node.id, { variables });
  const interrupting = caught.kind === 'boundary' ? caught.node.cancelActivity : caught.node.isInterrupting;
  return interrupting ? 'interrupting' : 'nonInterrupting';
}
