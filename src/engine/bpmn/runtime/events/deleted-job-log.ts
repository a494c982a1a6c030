import { JobDeletionLog } from '../../../entities/job.manager';
import { graphEventInfo } from './graph-events';
import type { RuntimeContext } from '../runtime-context';
import type { ProcessInstanceState } from '../process-instance-state';
import { HistoryLogManager } from '../../../history/history-log.manager';

/**
 * What the deletion logs of an instance's jobs deleted in bulk take from it (see JobManager): null below history level
 * full and for processes that never have jobs, so that no statement is written for nothing.
 */
export function jobDeletionLog(ctx: RuntimeContext, instance: ProcessInstanceState): JobDeletionLog | null {
  if (!ctx.manager(HistoryLogManager).enabled || !graphEventInfo(instance.graph).jobs) return null;
  return {
    rootProcessInstanceId: instance.root.rootProcessInstanceId ?? instance.id,
    deploymentId: instance.definition.deploymentId ?? null,
  };
}
