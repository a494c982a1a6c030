import type { RuntimeContext } from '../bpmn/runtime/runtime-context';

/** Batch types as Camunda names them (the type of the batch and the handler type of its batch jobs). */
export const BATCH_TYPE = {
  setExternalTaskRetries: 'set-external-task-retries',
  setJobRetries: 'set-job-retries',
  historicDecisionInstanceDeletion: 'historic-decision-instance-deletion',
  decisionSetRemovalTime: 'decision-set-removal-time',
  batchSetRemovalTime: 'batch-set-removal-time',
  historicProcessInstanceDeletion: 'historic-instance-deletion',
  processInstanceDeletion: 'instance-deletion',
  processSetRemovalTime: 'process-set-removal-time',
  processInstanceSuspension: 'instance-update-suspension-state',
  processInstanceRestart: 'instance-restart',
  setVariables: 'set-variables',
  correlateMessage: 'correlate-message',
  processInstanceMigration: 'instance-migration',
  processInstanceModification: 'instance-modification',
} as const;

/** The handler types of the two jobs every batch has besides its batch jobs. */
export const BATCH_JOB_HANDLER = { seed: 'batch-seed-job', monitor: 'batch-monitor-job' } as const;

/** What a batch stores about its work: the targets, in the order its batch jobs take them, and the operation's parameters. */
export interface BatchConfiguration {
  ids: string[];
  parameters: Record<string, unknown>;
}

/** A batch job's share: `count` targets from `offset` of its batch's ids. */
export interface BatchJobConfiguration {
  batchId: string;
  offset: number;
  count: number;
}

/** What each batch job sets (Camunda's SetJobRetriesBatchConfiguration): retries, and the due date when one was set. */
export interface JobRetriesParameters {
  retries: number;
  dueDate: string | null;
  isDueDateSet: boolean;
}

/** How the removal-time batches set it. */
export type RemovalTimeMode = { mode: 'absolute'; removalTime: string } | { mode: 'cleared' } | { mode: 'calculated' };

export const DAY_MS = 24 * 60 * 60 * 1000;

/** What one batch job does with its targets, in its transaction. */
export type BatchOperation = (
  ctx: RuntimeContext,
  targets: string[],
  parameters: Record<string, unknown>,
  ttlOfBatchType: (type: string) => number | null,
) => Promise<void>;
