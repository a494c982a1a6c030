import { resolveActivity } from '../activity-ref';
import type { AtomicOperation } from '../atomic-operation';
import type { RuntimeContext } from '../runtime-context';
import { compactScope, tokensOf, removeExecution } from '../execution-tree';
import { Agenda } from '../agenda';

type Op = Extract<AtomicOperation, { kind: 'TOKEN_END' }>;

/**
 * A token with nowhere to go ends. A concurrent one disappears, and its scope completes when it was
 * the last; inclusive gateways waiting in the scope look again, since one token fewer may now arrive.
 */
export function tokenEnd(ctx: RuntimeContext, op: Op): void {
  const instance = ctx.instanceOf(op.execution);
  const token = op.execution;
  if (token.activityId) instance.lastEndActivityId = token.activityId;
  if (!token.isConcurrent) {
    ctx.manager(Agenda).plan({ kind: 'SCOPE_COMPLETE', execution: token });
    return;
  }
  const scope = instance.parent(token)!;
  removeExecution(ctx, instance, token);
  if (instance.children(scope).length === 0) {
    scope.isActive = true;
    ctx.manager(Agenda).plan({ kind: 'SCOPE_COMPLETE', execution: scope });
    return;
  }
  compactScope(ctx, instance, scope);
  const rechecked = new Set<string>();
  for (const t of tokensOf(instance, scope)) {
    const ref = resolveActivity(instance.graph, t.activityId);
    if (
      t.isActive ||
      ref?.node.type !== 'inclusiveGateway' ||
      rechecked.has(ref.id) ||
      ctx.manager(Agenda).hasPending(t)
    )
      continue;
    rechecked.add(ref.id);
    ctx.manager(Agenda).plan({ kind: 'ACTIVITY_EXECUTE', execution: t, activityId: ref.id });
  }
}
