import { ProcessInstanceEndState } from '../../history/process-history.manager';
import { resolveActivity } from './activity-ref';
import { applyCallOutputs } from './call-mappings';
import { removeExecutions, subtree } from './subtree';
import type { RuntimeContext } from './runtime-context';
import { ProcessInstanceState } from './process-instance-state';
import { VariableStore } from './variable-store';
import { Agenda } from './agenda';

export interface FinishOptions {
  state: ProcessInstanceEndState;
  endActivityId: string | null;
  deleteReason: string | null;
  /** camunda:out mappings run only when the called instance completed. */
  passOutputs: boolean;
  continueCaller: boolean;
}

/**
 * The end of a process instance, completed or canceled: history, removal of its runtime rows, and
 * for a called instance the completion of the call activity that waits for it.
 */
export async function finishProcessInstance(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  opts: FinishOptions,
): Promise<void> {
  const root = instance.root;
  instance.finalVariables = ctx.manager(VariableStore).local(root);
  instance.ended = true;
  ctx.history.processInstanceEnded(
    root,
    opts.state,
    opts.endActivityId,
    opts.deleteReason,
    instance.definition.historyTimeToLive ?? null,
  );
  ctx.afterCommit(() => ctx.deps.metrics.processInstanceEnded());
  const caller =
    root.superExecutionId && opts.continueCaller ? await ctx.loadInstanceOfExecution(root.superExecutionId) : null;
  const superExecution = caller && !caller.deleting ? (caller.get(root.superExecutionId!) ?? null) : null;
  const callActivity = superExecution ? resolveActivity(caller!.graph, superExecution.activityId) : null;
  if (superExecution && callActivity?.node.type === 'callActivity' && opts.passOutputs) {
    applyCallOutputs(ctx, superExecution, root, callActivity.node.callActivity);
  }
  removeExecutions(ctx, instance, subtree(instance, root));
  for (const scopeId of [...instance.variables.keys()]) ctx.manager(VariableStore).dropScope(instance, scopeId);
  ctx.touch(instance);
  if (superExecution && callActivity) {
    ctx.manager(Agenda).plan({ kind: 'ACTIVITY_END', execution: superExecution, activityId: callActivity.id });
  }
}
