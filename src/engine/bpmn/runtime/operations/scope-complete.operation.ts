import { resolveActivity } from '../activity-ref';
import type { AtomicOperation } from '../atomic-operation';
import type { RuntimeContext } from '../runtime-context';
import { Agenda } from '../agenda';

type Op = Extract<AtomicOperation, { kind: 'SCOPE_COMPLETE' }>;

/** No token is left in a scope: the process instance ends, or the activity owning the scope completes. */
export function scopeComplete(ctx: RuntimeContext, op: Op): void {
  const instance = ctx.instanceOf(op.execution);
  const scope = op.execution;
  const owner = instance.parent(scope);
  if (!owner) {
    ctx.manager(Agenda).plan({ kind: 'PROCESS_END', execution: scope });
    return;
  }
  const ref = resolveActivity(instance.graph, owner.activityId)!;
  ctx.manager(Agenda).plan({ kind: 'ACTIVITY_END', execution: scope, activityId: ref.id });
}
